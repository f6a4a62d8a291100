#!/bin/sh
# SPDX-License-Identifier: ISC
# --http reads curl -v's status lines, which start with '< ', on stderr.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

# shellcheck source=lib-http.sh
. "$TESTS_DIR/lib-http.sh"

serve_ 503 200
returns_ 0 "$RETRY" --http -a 3 --delay=10ms -- \
	curl -q -fsS -v "$url" >out 2>err || fail=1
expect_lines 2 log || fail=1
grep '^< HTTP/1.1 503' err >/dev/null ||
	note_ "no '< HTTP/1.1 503' line from curl -v on stderr:" "$(cat err)" ||
	fail=1

Exit "$fail"
