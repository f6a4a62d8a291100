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
# The reset is set 5 s ahead before the server starts, which on a loaded
# machine takes seconds of it: a retry that came after 1 s waited for the
# reset (the delay asked is 10 ms), and one within 8 s did not wait past it.
waits() {
	reset=$(($(date +%s) + 5))
	serve_ "403:X-RateLimit-Limit=60:X-RateLimit-Remaining=0:X-RateLimit-Reset=$reset:X-RateLimit-Used=60:X-RateLimit-Resource=core" 200
	returns_ 0 "$RETRY" --http -a 3 --delay=10ms -- \
		curl -q -fsS -D /dev/stderr "$url" >out 2>err || return 1
	grep -q 'X-RateLimit-Reset' err ||
		note_ "the message does not say the wait came from" \
			"X-RateLimit-Reset: $(cat err)" || return 1
	waited_ 1000 8000 'its X-RateLimit-Reset (1-5 s, in whole seconds)'
}
thrice_ waits || fail=1

Exit "$fail"
