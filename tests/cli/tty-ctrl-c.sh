#!/bin/sh
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
# retry dies of SIGINT, so the shell drops the rest of the line, as it
# would for any command that Ctrl-C stopped.
type_ "'$RETRY' -a 5 --delay=0 sh attempt.sh; echo went on >after"
wait_lines_ 1 runs || fail_ "the attempt did not start:" "$(screen_)"
sleep 0.2
tmux_ send-keys C-c
type_ 'echo "status=$?" >st'
wait_lines_ 1 st || fail_ "retry did not stop:" "$(screen_)"
test "$(cat st)" = status=130 || note_ "after Ctrl-C:" "$(cat st)" || fail=1
test ! -e after || note_ "the shell went on: retry did not die of SIGINT" ||
	fail=1
sleep 0.3
expect_runs 1 || fail=1
expect_gone_ "$(tail -n 1 pids)" || fail=1

Exit "$fail"
