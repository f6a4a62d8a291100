#!/bin/sh
# SPDX-License-Identifier: ISC
# --max-server-wait: a Retry-After of an hour, past --max-server-wait=1s,
# is waited as 1s (clamp, the default mode), and the message names the
# wait asked and the most allowed. (With a deadline: a wait not clamped
# would end past it, and fail the test at once.)

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

# shellcheck source=lib-http.sh
. "$TESTS_DIR/lib-http.sh"

# shellcheck disable=SC2317 # called through thrice_
clamps() {
	serve_ 503:Retry-After=3600 200
	returns_ 0 "$RETRY" --http -a 3 -D 30s --delay=10ms --max-server-wait=1s \
		-- curl -q -fsS -D /dev/stderr "$url" >out 2>err || return 1
	waited_ 1000 3000 "the clamped wait" || return 1
	grep -q 'the server asked for 1h0m0s; --max-server-wait allows 1s)' \
		err || note_ "no word of the clamp:" "$(cat err)"
}
thrice_ clamps || fail=1

Exit "$fail"
