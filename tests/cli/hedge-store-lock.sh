#!/bin/sh
# SPDX-License-Identifier: ISC
# A copy that ends while retry waits on the budget's store (its file lock
# held by another run) is heard when the wait is over: the run ends with
# the last status, not waiting for a copy long gone (the sleep of the
# wait once reaped it as an orphan, and the run hung past its deadline).

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

command -v python3 >/dev/null 2>&1 || skip_ "no python3"
b="--budget=h --store=file:$PWD/st"
# shellcheck disable=SC2086
returns_ 0 "$RETRY" -a 1 $b -- true 2>err || fail=1
test -e st/h.lock || framework_failure_ "no st/h.lock"

# Another run takes the store's lock once copy 2 has started (at 0.2 s),
# after both copies were let in, and holds it 2 s: copy 1 fails at 1 s,
# and the next copy's admission waits on the lock meanwhile, while copy 2
# ends.
python3 -c 'import fcntl, os, struct, sys, time
end = time.monotonic() + 10
while time.monotonic() < end:
    if os.path.exists("runs") and len(open("runs").readlines()) >= 2:
        break
    time.sleep(0.01)
fd = os.open(sys.argv[1], os.O_RDWR)
fcntl.fcntl(fd, fcntl.F_OFD_SETLKW if hasattr(fcntl, "F_OFD_SETLKW") else 38,
    struct.pack("hhqqi4x", fcntl.F_WRLCK, 0, 0, 0, 0))
time.sleep(2)' st/h.lock &
locker=$!
# shellcheck disable=SC2086
# A lost copy would hold the run for good: killed at 20 s (status 137).
timed_ 1 timeout -s KILL 20 "$RETRY" -a 3 -D 8s --hedge=200ms $b -- \
	sh -c 'echo run >>runs; sleep 1; exit 1' >out 2>err || fail=1
test "$ms" -lt 7000 || note_ "the run took ${ms}ms: a copy was lost" ||
	fail=1
grep 'giving up after 3 attempts' err >/dev/null ||
	note_ "no give-up:" "$(cat err)" || fail=1
wait "$locker"

Exit "$fail"
