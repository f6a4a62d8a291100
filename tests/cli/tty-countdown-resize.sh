#!/bin/sh
# SPDX-License-Identifier: ISC
# A terminal made narrower than the count's line mid-sleep: a line drawn
# over itself would wrap, and a terminal that does not reflow (xterm)
# would fill with copies. The count stops where it was, and its line is
# not erased (erasing a wrapped line leaves half of it) but given its
# newline, so the next message starts a line of its own. (tmux reflows,
# so what it shows is not the harm; the test reads the behaviour.)

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

tmux_start_

type_ "'$RETRY' -a 2 -d 4s -j none sh flaky.sh 9; echo \$? >st"
wait_screen_ 'retrying in 3s$' || fail_ "the count did not start:" "$(screen_)"
tmux_ resize-window -x 20 || framework_failure_ "tmux cannot resize"
sleep 1.5
tmux_ resize-window -x 120
wait_lines_ 1 st || fail_ "retry did not end:" "$(screen_)"
test "$(cat st)" = 1 || note_ "retry's status: $(cat st)" || fail=1
screen_ >screen
grep -q '^retry: sh: attempt 2/2 failed' screen ||
	note_ "the next message does not start a line:" "$(cat screen)" || fail=1
test "$(grep -c 'attempt 1/2 failed' screen)" -eq 1 ||
	note_ "the message was drawn again:" "$(cat screen)" || fail=1
# The count stopped at 3s or 2s (narrowed about 2 s before the end), and
# stayed: the next message is below it.
grep -A1 '^retry: sh: retrying in [23]s$' screen | sed -n 2p |
    grep -q '^retry: sh: attempt 2/2 failed' ||
	note_ "the count did not stop and stay when narrowed:" "$(cat screen)" ||
	fail=1
expect_runs 2 || fail=1

Exit "$fail"
