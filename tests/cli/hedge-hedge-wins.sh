#!/bin/sh
# SPDX-License-Identifier: ISC
# --hedge: the first copy hangs; the hedge started after DELAY succeeds and
# wins. Only its output is written, the first copy's group is stopped, and
# retry exits with the winner's status well before the first copy would
# have ended.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

cat >copy.sh <<'SH' || framework_failure_ "cannot write copy.sh"
echo $$ >>pids
echo "$RETRY_ATTEMPT" >>runs
if test "$RETRY_ATTEMPT" = 1; then
	echo "out 1"
	echo "err 1" >&2
	exec sleep "$1"
fi
# Not before the first copy has started: with --hedge=0 both start at
# once, and a busy machine could run this one to its end, and stop the
# first, before the first wrote a line (CI saw one run, not two).
i=0
until grep -qx 1 runs || test $i -ge 500; do
	i=$((i + 1))
	sleep 0.01
done
echo "out $RETRY_ATTEMPT"
echo "err $RETRY_ATTEMPT" >&2
exit "$2"
SH

m=$(marker_)
timed_ 0 "$RETRY" --hedge=300ms sh copy.sh "$m" 0 >out 2>err || fail=1
test "$(cat out)" = "out 2" || note_ "stdout:" "$(cat out)" || fail=1
grep -x 'err 2' err >/dev/null || note_ "no 'err 2' on stderr:" "$(cat err)" ||
	fail=1
grep -e 'out 1' -e 'err 1' out err >seen
expect_empty seen || fail=1
expect_runs 2 || fail=1
gone_within_ -f "sleep $m" || fail=1
# Well before: the first copy sleeps a day.
test "$ms" -lt 20000 || note_ "the run took ${ms}ms" || fail=1

# The winner's status is retry's: 3, a success by --success-on.
rm -f runs
m=$(marker_)
returns_ 3 "$RETRY" -q --success-on=3 --hedge=300ms sh copy.sh "$m" 3 \
	>out 2>err || fail=1
test "$(cat out)" = "out 2" || note_ "--success-on=3: stdout:" "$(cat out)" ||
	fail=1
gone_within_ -f "sleep $m" || fail=1

# --hedge=0: both copies start at once; the second wins at once.
rm -f runs
m=$(marker_)
timed_ 0 "$RETRY" --hedge=0 sh copy.sh "$m" 0 >out 2>err || fail=1
test "$(cat out)" = "out 2" || note_ "--hedge=0: stdout:" "$(cat out)" ||
	fail=1
expect_runs 2 || fail=1
gone_within_ -f "sleep $m" || fail=1
test "$ms" -lt 20000 || note_ "--hedge=0: the run took ${ms}ms" || fail=1

Exit "$fail"
