#!/bin/sh
# SPDX-License-Identifier: ISC
# --output=on-failure with --log-format=json: the JSON log still goes to
# stderr live (the retry event is there while retry sleeps, before any of
# the attempt's output); the attempt's output is held, and written when
# the run fails, before the give_up event.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

attempt='echo "out $RETRY_ATTEMPT"; echo "err $RETRY_ATTEMPT" >&2; exit 3'
"$RETRY" --output=on-failure --log-format=json -a 2 --delay=2s \
	sh -c "$attempt" >out 2>err &
pid=$!
wait_for_ 'file_has_ err "\"event\":\"retry\""'
! file_has_ err 'err 1' || note_ "attempt 1's stderr, live:" "$(cat err)" ||
	fail=1
expect_empty out || fail=1
wait "$pid"
test "$?" = 3 || note_ "exit status $?" || fail=1
test "$(cat out)" = 'out 2' || note_ "stdout:" "$(cat out)" || fail=1
sed -n '2,$p' err >rest
test "$(sed -n 1p rest)" = 'retry: sh: attempt 2/2 failed (exit status 3)' &&
	test "$(sed -n 2p rest)" = 'err 2' &&
	sed -n 3p rest | grep -q '^{"event":"give_up",' ||
	note_ "stderr:" "$(cat err)" || fail=1

# A success: the JSON log, and nothing else.
rm -f runs
returns_ 0 "$RETRY" --output=on-failure --log-format=json -a 3 --delay=0 \
	sh -c 'echo out; echo err >&2; sh flaky.sh 1' >out 2>err || fail=1
expect_empty out || fail=1
grep -v '^{"event":"' err >other
expect_empty other || fail=1
file_has_ err '"event":"retry"' || note_ "no retry event:" "$(cat err)" ||
	fail=1

Exit "$fail"
