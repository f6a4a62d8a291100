# SPDX-License-Identifier: ISC
# shellcheck shell=sh
# Sourced after lib.sh by the tests of a budget's lock held by another
# process: hold_lock starts one (a POSIX lock conflicts with retry's OFD
# lock) that keeps st/NAME.lock until the test ends.

# hold_lock NAME: hold st/NAME.lock; $holder is its pid.
hold_lock() {
	mkdir -p -m 700 st
	: >"st/$1.lock"
	python3 -c '
import fcntl, sys, time
f = open(sys.argv[1], "r+")
fcntl.lockf(f, fcntl.LOCK_EX)
open("held", "w").close()
time.sleep(60)
' "st/$1.lock" &
	holder=$!
	i=0
	while ! test -e held && test $i -lt 100; do sleep 0.05; i=$((i + 1)); done
	test -e held || framework_failure_ "the lock holder did not start"
}

# release_lock: end the holder.
release_lock() {
	kill "$holder" 2>/dev/null
	wait "$holder" 2>/dev/null
	return 0
}
