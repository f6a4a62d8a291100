#!/bin/sh
# A budget's lock held by another process (a run stopped while it held
# it): the run waits for it no longer than its deadline, then warns and
# goes on without the budget; a stop signal ends the wait at once.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
require_python3_

mkdir -m 700 st
: >st/l.lock
# Hold the lock (a POSIX lock conflicts with retry's OFD lock) until killed.
python3 -c '
import fcntl, sys, time
f = open("st/l.lock", "r+")
fcntl.lockf(f, fcntl.LOCK_EX)
open("held", "w").close()
time.sleep(60)
' &
holder=$!
i=0
while ! test -e held && test $i -lt 100; do sleep 0.05; i=$((i + 1)); done
test -e held || framework_failure_ "the lock holder did not start"

# Half the time to the deadline bounds the wait for the lock; then the
# command runs, without the budget.
timed_ 0 "$RETRY" -D 2s --budget=l --store=file:"$PWD/st" -- touch ran 2>err || fail=1
grep -q 'budget l cannot be used (.*locked by another run for 1\.0s' err ||
	note_ "no warning about the held lock:" "$(cat err)" || fail=1
test -e ran || note_ "the command did not run" || fail=1
test "$ms" -ge 950 && test "$ms" -lt 1900 ||
	note_ "the lock was waited for $ms ms, not half of the 2 s deadline" || fail=1
rm -f ran

# SIGTERM during the wait for the lock ends retry as during a sleep.
"$RETRY" --budget=l --store=file:"$PWD/st" -- touch ran 2>err &
pid=$!
sleep 0.3
t0=$(now_ms)
kill -TERM $pid
wait $pid
st=$?
test $st -eq 143 || note_ "retry exited $st, not by SIGTERM (143)" || fail=1
test $(($(now_ms) - t0)) -lt 1000 || note_ "SIGTERM took too long" || fail=1
test ! -e ran || note_ "the command ran after SIGTERM" || fail=1

kill $holder 2>/dev/null
wait $holder 2>/dev/null
Exit "$fail"
