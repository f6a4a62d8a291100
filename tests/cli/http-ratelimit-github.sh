#!/bin/sh
# SPDX-License-Identifier: ISC
# --http: GitHub's rate limit, a 403 with X-RateLimit-Remaining: 0 and
# X-RateLimit-Reset as a Unix time a few seconds ahead, no Retry-After, is
# retried when the reset comes (not at once, not never), then the 200.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

# shellcheck source=lib-http.sh
. "$TESTS_DIR/lib-http.sh"

# shellcheck disable=SC2317 # called through thrice_
waits() {
	reset=$(($(date +%s) + 3))
	serve_ "403:X-RateLimit-Limit=60:X-RateLimit-Remaining=0:X-RateLimit-Reset=$reset:X-RateLimit-Used=60:X-RateLimit-Resource=core" 200
	returns_ 0 "$RETRY" --http -a 3 --delay=10ms -- \
		curl -q -fsS -D /dev/stderr "$url" >out 2>err || return 1
	expect_lines 2 log || return 1
	grep -q 'X-RateLimit-Reset' err ||
		note_ "the message does not say the wait came from" \
			"X-RateLimit-Reset: $(cat err)" || return 1
	gap=$(awk 'NR == 1 { t = $1 } NR == 2 { print $1 - t }' log)
	# The reset is 2 to 3 s after the 403, by whole seconds.
	test "$gap" -ge 1500 || note_ "the retry came ${gap}ms after the" \
		"403, before its X-RateLimit-Reset" || return 1
	test "$gap" -lt 8000 ||
		note_ "the retry came ${gap}ms after the 403, expected ~2-3 s"
}
thrice_ waits || fail=1

Exit "$fail"
