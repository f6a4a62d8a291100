#!/bin/sh
# SPDX-License-Identifier: ISC
# In a terminal, Ctrl-C during an attempt stops it, retry and the shell's
# command line: $? is 130, and no new attempt starts.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

tmux_start_

cat >attempt.sh <<'EOF' || framework_failure_ "cannot write attempt.sh"
echo $$ >>pids
echo run >>runs
sleep 30
EOF
type_ "'$RETRY' -a 5 --delay=0 sh attempt.sh; echo went on >after"
wait_lines_ 1 runs || fail_ "the attempt did not start:" "$(screen_)"
sleep 0.2
ctrl_c_stops_line_ || fail=1
sleep 0.3
expect_runs 1 || fail=1
expect_gone_ "$(tail -n 1 pids)" || fail=1

Exit "$fail"
