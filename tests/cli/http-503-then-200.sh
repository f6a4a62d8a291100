#!/bin/sh
# SPDX-License-Identifier: ISC
# --http retries a failed attempt whose HTTP status is 503, and passes the
# successful attempt's body on: curl -f fails on 503 twice, then gets a 200.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

# shellcheck source=lib-http.sh
. "$TESTS_DIR/lib-http.sh"

serve_ 503 503 200
returns_ 0 "$RETRY" --http -a 5 --delay=50ms -- \
	curl -q -fsS -D /dev/stderr "$url" >out 2>err || fail=1
expect_lines 3 log || fail=1
printf '200 OK (request 3)\n' >exp
cmp -s exp out || note_ "stdout is not the 200's body:" "$(cat out)" || fail=1

Exit "$fail"
