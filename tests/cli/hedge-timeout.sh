#!/bin/sh
# SPDX-License-Identifier: ISC
# --hedge with --timeout: the timeout applies to each copy (status 124 for
# it, retryable as ever: the next copy starts at once), counted from that
# copy's start; when every copy times out, retry exits 124.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

# Copy 1 hangs and is stopped at 500ms (DELAY 10s): copy 2 starts then and
# succeeds.
cat >copy.sh <<'SH' || framework_failure_ "cannot write copy.sh"
echo $$ >>pids
echo "$RETRY_ATTEMPT" >>runs
test "$RETRY_ATTEMPT" = 1 && exec sleep "$1"
echo "out $RETRY_ATTEMPT"
SH
m=$(marker_)
timed_ 0 "$RETRY" -a 3 -t 500ms --hedge=10s sh copy.sh "$m" >out 2>err ||
	fail=1
test "$(cat out)" = 'out 2' || note_ "stdout:" "$(cat out)" || fail=1
expect_runs 2 || fail=1
test "$ms" -lt 5000 || note_ "the run took ${ms}ms" || fail=1
gone_within_ -f "sleep $m" || fail=1

# Each copy's own timeout: copy 1 (hangs) is stopped at 2s from its
# start; copy 2, the hedge at 1s, runs 1.3s (past copy 1's timeout, within
# its own) and wins. The log shows the order.
cat >slow.sh <<'SH' || framework_failure_ "cannot write slow.sh"
echo $$ >>pids
echo "start $RETRY_ATTEMPT" >>log
if test "$RETRY_ATTEMPT" = 1; then
	trap 'echo "stopped 1" >>log; exit 143' TERM
	sleep "$1" &
	wait
	exit 1
fi
sleep 1.3
echo "end $RETRY_ATTEMPT" >>log
echo "out $RETRY_ATTEMPT"
SH
m=$(marker_)
returns_ 0 "$RETRY" -a 2 -t 2s --hedge=1s sh slow.sh "$m" >out 2>err ||
	fail=1
test "$(cat out)" = 'out 2' || note_ "own timeout: stdout:" "$(cat out)" ||
	fail=1
printf '%s\n' 'start 1' 'start 2' 'stopped 1' 'end 2' >exp
cmp -s exp log || note_ "own timeout: the copies ran so:" "$(cat log)" ||
	fail=1
gone_within_ -f "sleep $m" || fail=1

# Every copy hangs: each is stopped, retry exits 124, nothing left.
rm -f runs
m=$(marker_)
timed_ 124 "$RETRY" -a 3 -t 400ms --hedge=100ms sh -c \
	'echo $$ >>pids; echo run >>runs; sleep "$1" & exec sleep "$1"' sh "$m" \
	>out 2>err || fail=1
expect_runs 3 || fail=1
test "$ms" -lt 6000 || note_ "3 timed-out copies took ${ms}ms" || fail=1
gone_within_ -f "sleep $m" || fail=1

Exit "$fail"
