#!/bin/sh
# SPDX-License-Identifier: ISC
# A terminal made narrower than the line mid-sleep would garble a line
# drawn over itself: the count stops where it is, and the next message
# still starts a line of its own. Wider again, nothing is drawn over.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

tmux_start_

type_ "'$RETRY' -a 2 -d 4s -j none sh flaky.sh 9; echo \$? >st"
wait_screen_ 'retrying in 3s$' || fail_ "the count did not start:" "$(screen_)"
tmux_ resize-window -x 30 || framework_failure_ "tmux cannot resize"
sleep 1.5
tmux_ resize-window -x 120
wait_lines_ 1 st || fail_ "retry did not end:" "$(screen_)"
test "$(cat st)" = 1 || note_ "retry's status: $(cat st)" || fail=1
screen_ >screen
grep -q '^retry: sh: attempt 2/2 failed' screen ||
	note_ "the next message does not start a line:" "$(cat screen)" || fail=1
test "$(grep -c 'attempt 1/2 failed' screen)" -eq 1 ||
	note_ "the line was drawn again:" "$(cat screen)" || fail=1
expect_runs 2 || fail=1

Exit "$fail"
