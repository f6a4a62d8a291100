#!/bin/sh
# SPDX-License-Identifier: ISC
# --http=LIST: an HTTP error status in LIST is retried, one outside it is
# permanent (the default list is replaced, not added to).

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

# shellcheck source=lib-http.sh
. "$TESTS_DIR/lib-http.sh"

serve_ 502
returns_ 22 "$RETRY" --http=503 -a 3 --delay=10ms -- \
	curl -q -fsS -D /dev/stderr "$url" >out 2>err || fail=1
expect_lines 1 log || fail=1

for list in 500-599 429,502; do
	serve_ 502 200
	returns_ 0 "$RETRY" --http=$list -a 3 --delay=10ms -- \
		curl -q -fsS -D /dev/stderr "$url" >out 2>err || fail=1
	expect_lines 2 log || fail=1
done

Exit "$fail"
