#!/bin/sh
# SPDX-License-Identifier: ISC
# --hedge: when a copy wins, every other copy's whole process group is
# stopped, grandchildren included: the stop signal, then SIGKILL after
# --kill-after for what ignores it; retry exits with the winner's status
# once they are gone.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

# Copy 1 leaves a grandchild (a background sleep) and waits; copy 2 waits
# until the grandchild runs, then succeeds.
cat >copy.sh <<'SH' || framework_failure_ "cannot write copy.sh"
echo $$ >>pids
if test "$RETRY_ATTEMPT" = 1; then
	sh -c "$2"' echo $$ >gc; exec sleep "$1"' sh "$1" &
	wait
	exit 1
fi
i=0
while ! test -s gc && test $i -lt 200; do
	sleep 0.05
	i=$((i + 1))
done
echo winner
exit 0
SH

m=$(marker_)
timed_ 0 "$RETRY" --hedge=100ms -k 1 sh copy.sh "$m" '' >out 2>err || fail=1
test "$(cat out)" = winner || note_ "stdout:" "$(cat out)" || fail=1
test -s gc || note_ "the grandchild never ran" || fail=1
gone_within_ -f "sleep $m" || fail=1
test "$ms" -lt 8000 || note_ "the run took ${ms}ms" || fail=1

# A grandchild that ignores SIGTERM: SIGKILL after --kill-after (1 s).
# retry's exit waits for it, bounded.
rm -f gc
m=$(marker_)
timed_ 0 "$RETRY" --hedge=100ms -k 1 sh copy.sh "$m" 'trap "" TERM;' \
	>out 2>err || fail=1
test "$(cat out)" = winner || note_ "TERM ignored: stdout:" "$(cat out)" ||
	fail=1
test -s gc || note_ "TERM ignored: the grandchild never ran" || fail=1
gone_within_ -f "sleep $m" || fail=1
test "$ms" -lt 9000 || note_ "TERM ignored: the run took ${ms}ms" || fail=1

Exit "$fail"
