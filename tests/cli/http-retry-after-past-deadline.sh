#!/bin/sh
# SPDX-License-Identifier: ISC
# --http: a Retry-After that alone would end past the --deadline makes retry
# give up at once, with the attempt's status, and say why.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

# shellcheck source=lib-http.sh
. "$TESTS_DIR/lib-http.sh"

# shellcheck disable=SC2317 # called through thrice_
gives_up() {
	serve_ 503:Retry-After=30
	timed_ 22 "$RETRY" --http -D 5 -a 5 --delay=10ms -- \
		curl -q -fsS -D /dev/stderr "$url" >out 2>err || return 1
	expect_lines 1 log || return 1
	test "$ms" -lt 3000 || note_ "gave up after ${ms}ms, not at once" ||
		return 1
	grep -E '^retry: .*[Rr]etry-[Aa]fter' err >/dev/null ||
		note_ "no 'retry: ' line mentions Retry-After:" "$(cat err)"
}
thrice_ gives_up || fail=1

Exit "$fail"
