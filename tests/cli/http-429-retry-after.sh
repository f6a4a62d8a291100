#!/bin/sh
# SPDX-License-Identifier: ISC
# --http: the Retry-After of a 429 is a floor on the sleep before the next
# attempt, however short the backoff (--delay=10ms).

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

# shellcheck source=lib-http.sh
. "$TESTS_DIR/lib-http.sh"

# shellcheck disable=SC2317 # called through thrice_
waits() {
	serve_ 429:Retry-After=1 200
	returns_ 0 "$RETRY" --http -a 5 --delay=10ms -- \
		curl -q -fsS -D /dev/stderr "$url" >out 2>err || return 1
	expect_lines 2 log || return 1
	gap=$(awk 'NR == 1 { t = $1 } NR == 2 { print $1 - t }' log)
	test "$gap" -ge 1000 || note_ "the retry came ${gap}ms after the 429," \
		"before its Retry-After: 1 was up" || return 1
	test "$gap" -lt 3000 ||
		note_ "the retry came ${gap}ms after the 429, expected ~1000-1100ms"
}
thrice_ waits || fail=1

Exit "$fail"
