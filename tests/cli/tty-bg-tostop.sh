#!/bin/sh
# SPDX-License-Identifier: ISC
# Under `stty tostop`, a retry started with & stops on its own output to
# the terminal, as any job does, and goes on after fg. (Watching the
# terminal from the background must not make retry ignore SIGTTOU before
# it ever holds the terminal: its messages would land under the prompt.)

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

tmux_start_

type_ 'stty tostop'
type_ "'$RETRY' -a 2 -d 0 -- sh flaky.sh 5 & echo \$! >bgpid"
wait_lines_ 1 bgpid || fail_ "the shell did not start retry:" "$(screen_)"
retry_pid=$(cat bgpid)
bg_ "$retry_pid"
wait_lines_ 1 runs || fail_ "the attempt did not start:" "$(screen_)"

# Its message after the first attempt stops it, before the second.
wait_stopped_ "$retry_pid"
type_ 'jobs >jobs.out'
wait_lines_ 1 jobs.out || fail_ "jobs did not run:" "$(screen_)"
grep "Stopped.*retry" jobs.out >/dev/null ||
	note_ "the job did not stop on its output:" "$(cat jobs.out)" || fail=1
expect_runs 1 || fail=1

type_ 'fg; echo "status=$?" >st'
wait_lines_ 1 st || fail_ "retry did not end after fg:" "$(screen_)"
test "$(cat st)" = status=1 || note_ "after fg:" "$(cat st)" || fail=1
expect_runs 2 || fail=1

Exit "$fail"
