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

# In the sleep: retry said so, and sleeps in its event loop.
wait_for_ 'file_has_ err "retrying in 5s" && asleep_ $retry_pid'
kids=$(ps --ppid $retry_pid -o pid=,stat=,args=)
test -z "$kids" || note_ "retry's children during its sleep:" "$kids" ||
	fail=1

Exit "$fail"
