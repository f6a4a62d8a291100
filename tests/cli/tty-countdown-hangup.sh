#!/bin/sh
# SPDX-License-Identifier: ISC
# A terminal that goes away mid-count (the window closed, the ssh link
# dropped) does no harm to a retry that ignores SIGHUP, as under nohup:
# writes to the hung-up terminal fail quietly, the sleep ends on time and
# the next attempt runs, and retry gives up as it would have (its
# --on-give-up hook records the last status: the shell that would have
# read $? went with the terminal).

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

tmux_start_

# A subshell is a job of its own, and exec keeps it retry's process group.
type_ "(trap '' HUP; exec '$RETRY' -a 2 -d 3s -j none --on-give-up='echo \$RETRY_STATUS >st' sh flaky.sh 9)"
wait_screen_ 'retrying in 2s$' || fail_ "the count did not start:" "$(screen_)"
# The terminal goes: the tmux server and its pane's pty with it.
tmux_ kill-server
wait_lines_ 1 st || fail_ "retry did not end after the terminal went"
test "$(cat st)" = 1 || note_ "the last status: $(cat st), not 1" || fail=1
expect_runs 2 || fail=1

Exit "$fail"
