#!/bin/sh
# SPDX-License-Identifier: ISC
# In a terminal, Ctrl-Z during an attempt suspends retry and the attempt, and
# fg resumes both: the attempt then finishes.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

tmux_start_

cat >attempt.sh <<'EOF' || framework_failure_ "cannot write attempt.sh"
echo $$ >>pids
sleep 2
echo done >f
EOF
type_ "'$RETRY' -a 1 sh attempt.sh"
wait_lines_ 1 pids || fail_ "the attempt did not start:" "$(screen_)"
pid=$(tail -n 1 pids)
retry_pid=$(ppid_of_ "$pid")
# Ctrl-Z once the attempt has the terminal, and retry sleeps.
wait_for_ "has_tty_ $pid && asleep_ $retry_pid"
tmux_ send-keys C-z

# The shell says that its job stopped, and lists it.
i=0
until screen_ | grep Stopped >/dev/null; do
	i=$((i + 1))
	test $i -le 100 || fail_ "the shell did not see its job stop:" "$(screen_)"
	sleep 0.05
done
type_ 'jobs >jobs.out'
wait_lines_ 1 jobs.out || fail_ "jobs did not run:" "$(screen_)"
grep "Stopped.*retry" jobs.out >/dev/null ||
	note_ "jobs lists:" "$(cat jobs.out)" || fail=1
for p in $pid $retry_pid; do
	case $(ps -o stat= -p "$p") in
	T*) ;;
	*) note_ "process $p is not stopped:" "$(ps -o pid=,stat=,args= -p "$p")" ||
		fail=1 ;;
	esac
done
# Longer than the attempt has left to run: it does not, while stopped.
sleep 2.2
test ! -e f || note_ "the attempt went on while suspended" || fail=1

type_ 'fg; echo "status=$?" >st'
wait_lines_ 1 st || fail_ "retry did not end after fg:" "$(screen_)"
test "$(cat st)" = status=0 || note_ "after fg:" "$(cat st)" || fail=1
test "$(cat f 2>/dev/null)" = "done" ||
	note_ "the attempt did not finish after fg" || fail=1

Exit "$fail"
