#!/bin/sh
# SPDX-License-Identifier: ISC
# -t LIST: past its end, the last limit repeats; 0 in the list is no limit
# for that attempt (-t 100ms,0,100ms: attempt 2 alone runs to its end).

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

# Each attempt needs 500ms: 1, 3 and 4 are stopped, 2 is not.
returns_ 124 "$RETRY" -a 4 -t 100ms,0,100ms --delay=0 -- \
	sh -c 'echo run >>runs; sleep 0.5; echo $RETRY_ATTEMPT >>ends
		exit 1' 2>err || fail=1
expect_runs 4 || fail=1
test "$(cat ends 2>/dev/null)" = 2 ||
	note_ "attempts that ran to their end: $(cat ends 2>/dev/null)" ||
	fail=1
test "$(grep -c 'failed (timed out)' err)" = 3 ||
	note_ "not three attempts timed out:" "$(cat err)" || fail=1

Exit "$fail"
