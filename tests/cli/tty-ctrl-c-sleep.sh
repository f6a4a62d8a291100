#!/bin/sh
# SPDX-License-Identifier: ISC
# In a terminal, Ctrl-C during the sleep between attempts stops retry at
# once, and the shell's command line: $? is 130, and no new attempt starts.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

tmux_start_

type_ "'$RETRY' -a 3 --delay=30s sh flaky.sh 99; echo went on >after"
wait_lines_ 1 runs || fail_ "the attempt did not start:" "$(screen_)"
# Ctrl-C once the attempt has exited: retry is asleep with no child, and
# has the terminal back.
retry_pid=$(shell_job_)
wait_for_ "idle_ $retry_pid && has_tty_ $retry_pid"
ctrl_c_stops_line_ || fail=1
expect_runs 1 || fail=1

Exit "$fail"
