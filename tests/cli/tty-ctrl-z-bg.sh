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
echo run >>runs
sleep 1
exit 1
EOF
type_ "'$RETRY' -a 3 -d 200ms -j none --on-give-up='echo \$RETRY_ATTEMPTS_MADE >made' sh attempt.sh"
wait_lines_ 1 runs || fail_ "the attempt did not start:" "$(screen_)"
sleep 0.2
tmux_ send-keys C-z
wait_screen_ Stopped || fail_ "the shell did not see its job stop:" "$(screen_)"
type_ bg
wait_lines_ 1 made || fail_ "retry did not finish in the background:" "$(screen_)"
test "$(cat made)" = 3 || note_ "attempts made: $(cat made), not 3" || fail=1
# The shell still has its terminal, and reads what is typed.
sleep 0.3
type_ 'echo alive >alive'
wait_lines_ 1 alive ||
	note_ "the shell no longer reads its terminal:" "$(screen_)" || fail=1

Exit "$fail"
