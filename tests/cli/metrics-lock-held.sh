#!/bin/sh
# SPDX-License-Identifier: ISC
# FILE.lock held by another process all along: at the end of the run,
# retry waits for it no longer than --deadline allows (a tenth of a
# second past it at the least), and SIGTERM ends the wait at once.
# Either way one error says the lock was held, and FILE is not written.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

"$python_" -c 'import fcntl, time
f = open("m.lock", "a")
fcntl.flock(f, fcntl.LOCK_EX)
open("held", "w").close()
time.sleep(60)
' 9>&- &
bg_ $!
i=0
until test -e held; do
	i=$((i + 1))
	test $i -le 200 || framework_failure_ "the lock holder did not start"
	sleep 0.05
done

# held_all_along_: the error of a lock held all along, and FILE unwritten.
held_all_along_() {
	grep -q '^retry: cannot write the metrics to m: another run held its lock all along$' \
		err || note_ "the error:" "$(cat err)" || return 1
	test ! -e m || note_ "m was written"
}

# The deadline, a second after the start, ends the wait.
timed_ 0 timeout -s KILL 20 "$RETRY" -D 1s --metrics=m -- true 2>err || fail=1
held_all_along_ || fail=1
test "$ms" -lt 4000 || note_ "took $ms ms, with a deadline of 1 s" || fail=1

# SIGTERM, once retry has run the command, reaped it, and sleeps in the
# wait (where the kernel says so: its wchan).
"$RETRY" --metrics=m -- touch ran 2>err &
pid=$!
bg_ $pid
i=0
until test -e ran && test -z "$(cat "/proc/$pid/task/$pid/children" 2>/dev/null)" &&
	case $(cat "/proc/$pid/wchan" 2>/dev/null) in
	*poll* | 0 | '') true ;;
	*) false ;;
	esac; do
	i=$((i + 1))
	test $i -le 200 || framework_failure_ "retry did not reach the wait"
	sleep 0.05
done
t0=$(now_ms)
kill -TERM "$pid"
wait "$pid"
st=$?
test $(($(now_ms) - t0)) -lt 1000 || note_ "SIGTERM took too long" || fail=1
# retry dies of the signal, as in any of its waits (143: 128 + TERM),
# and says that the signal, not another run, ended the wait.
test "$st" = 143 || note_ "SIGTERM in the wait: status $st, not 143" || fail=1
grep -q '^retry: cannot write the metrics to m: a signal came in the wait for its lock$' \
	err || note_ "SIGTERM in the wait: the error:" "$(cat err)" || fail=1
test ! -e m || note_ "m was written" || fail=1

Exit "$fail"
