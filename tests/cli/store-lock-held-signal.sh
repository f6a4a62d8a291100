#!/bin/sh
# SPDX-License-Identifier: ISC
# SIGTERM while retry waits for a budget's lock that another process
# holds ends retry at once, as during a sleep; the command never runs.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-lock.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib-lock.sh"
require_python3_

hold_lock l
"$RETRY" --budget=l --store=file:"$PWD/st" -- touch ran 2>err &
pid=$!
# Asleep between two tries of the lock: it has the lock's file open, and
# nothing else to wait for.
wait_for_ 'ls -l "/proc/$pid/fd" 2>/dev/null | grep -q "/st/l\.lock$" &&
	idle_ $pid'
t0=$(now_ms)
kill -TERM $pid
wait $pid
st=$?
release_lock
test $st -eq 143 || note_ "retry exited $st, not by SIGTERM (143)" || fail=1
test $(($(now_ms) - t0)) -lt 2000 || note_ "SIGTERM took too long" || fail=1
test ! -e ran || note_ "the command ran after SIGTERM" || fail=1
grep -q 'cannot be used' err && { note_ "a warning before dying:" "$(cat err)"; fail=1; }

Exit "$fail"
