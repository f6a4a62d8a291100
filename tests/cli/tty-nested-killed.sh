#!/bin/sh
# SPDX-License-Identifier: ISC
# A nested retry killed by the outer one's --timeout (SIGKILL: it cannot
# take the terminal back) leaves the terminal to its own attempt's group,
# which outlives it. The outer retry, which the shell never put in the
# background, takes the terminal back from that group all the same:
# Ctrl-C during its next sleep still stops it.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

tmux_start_

cat >inner.sh <<'EOF' || framework_failure_ "cannot write inner.sh"
echo run >>runs
sleep 5
EOF
type_ "'$RETRY' -a 3 -d 30s -t 1s --signal=KILL -- '$RETRY' -a 1 -- sh inner.sh; echo went on >after"
wait_screen_ 'retrying in 30s$' || fail_ "the first attempt did not time out:" "$(screen_)"
# Ctrl-C once the outer retry sleeps with the terminal back.
retry_pid=$(shell_job_)
wait_for_ "idle_ $retry_pid && has_tty_ $retry_pid"
ctrl_c_stops_line_ || fail=1
expect_runs 1 || fail=1

Exit "$fail"
