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
# The marker names this test's attempts, and retry, for pgrep.
m=$(marker_)
type_ "'$RETRY' -a 5 --delay=0 sh attempt.sh $m; echo went on >after"
wait_lines_ 1 runs || fail_ "the attempt did not start:" "$(screen_)"
# Ctrl-C once the attempt has the terminal.
wait_for_ 'has_tty_ "$(tail -n 1 pids)"'
ctrl_c_stops_line_ || fail=1
# Once nothing of the run is left, no attempt can start any more.
wait_for_ 'test -z "$(live_ -f "attempt.sh $m")"'
expect_runs 1 || fail=1
expect_gone_ "$(tail -n 1 pids)" || fail=1

Exit "$fail"
