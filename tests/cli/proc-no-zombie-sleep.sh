#!/bin/sh
# SPDX-License-Identifier: ISC
# During the sleep between attempts retry has no child, not even a zombie.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

"$RETRY" -a 2 --delay=5s sh -c 'echo $$ >>pids; echo run >>runs; exit 1' \
	2>err &
retry_pid=$!
bg_ $retry_pid

i=0
until test -s runs; do
	i=$((i + 1))
	test $i -le 100 || framework_failure_ "the attempt did not start"
	sleep 0.05
done
# The attempt exits at once; give retry time to reap it.
sleep 0.5
kill -0 $retry_pid 2>/dev/null || framework_failure_ "retry is not sleeping"
kids=$(ps --ppid $retry_pid -o pid=,stat=,args=)
test -z "$kids" || note_ "retry's children during its sleep:" "$kids" ||
	fail=1

Exit "$fail"
