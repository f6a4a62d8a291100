#!/bin/sh
# SPDX-License-Identifier: ISC
# Ctrl-Z, then bg: retry goes on in the background, and its next attempts
# take nothing from the shell. (The terminal used to be handed to each
# new attempt, and taken back after it, whoever had it: with SIGTTOU
# ignored that worked, and the interactive shell's next read failed.)

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

tmux_start_

cat >attempt.sh <<'EOF' || framework_failure_ "cannot write attempt.sh"
echo $$ >>pids
echo run >>runs
sleep 1
exit 1
EOF
type_ "'$RETRY' -a 3 -d 200ms -j none --on-give-up='echo \$RETRY_ATTEMPTS_MADE >made' sh attempt.sh"
wait_lines_ 1 runs || fail_ "the attempt did not start:" "$(screen_)"
retry_pid=$(ppid_of_ "$(head -n 1 pids)")
# Ctrl-Z once the attempt has the terminal.
wait_for_ 'has_tty_ "$(head -n 1 pids)"'
tmux_ send-keys C-z
wait_screen_ Stopped || fail_ "the shell did not see its job stop:" "$(screen_)"
type_ bg
wait_lines_ 1 made || fail_ "retry did not finish in the background:" "$(screen_)"
test "$(cat made)" = 3 || note_ "attempts made: $(cat made), not 3" || fail=1
# The shell still has its terminal, once retry is gone, and reads what is
# typed.
wait_for_ "gone_ $retry_pid"
type_ 'echo alive >alive'
wait_lines_ 1 alive ||
	note_ "the shell no longer reads its terminal:" "$(screen_)" || fail=1

Exit "$fail"
