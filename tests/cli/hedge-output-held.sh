#!/bin/sh
# SPDX-License-Identifier: ISC
# --hedge: a copy's stdout and stderr are held while it runs (nothing is
# written while it runs), even when it is the only copy; the winner's come
# out whole when it has won.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

# The copy writes, says so, and waits for ./go (10 s at most).
cat >copy.sh <<'SH' || framework_failure_ "cannot write copy.sh"
echo $$ >>pids
echo "early out"
echo "early err" >&2
echo wrote >wrote
i=0
until test -e go || test $i -ge 200; do
	sleep 0.05
	i=$((i + 1))
done
echo "late out"
SH

"$RETRY" -q --hedge=30s sh copy.sh >out 2>err &
pid=$!
bg_ $pid
wait_lines_ 1 wrote || fail_ "the copy did not run"
# retry asleep after that has taken what the copy wrote (its pipes would
# wake it), and would have passed it on.
wait_for_ "asleep_ $pid"
expect_empty out || fail=1
expect_empty err || fail=1
: >go
wait $pid
st=$?
test $st -eq 0 || note_ "retry exited $st" || fail=1
printf 'early out\nlate out\n' >exp
cmp -s exp out || note_ "stdout:" "$(cat out)" || fail=1
test "$(cat err)" = 'early err' || note_ "stderr:" "$(cat err)" || fail=1

Exit "$fail"
