#!/bin/sh
# SPDX-License-Identifier: ISC
# On a terminal, a sleep of 2 s or more counts down in place: the
# "retrying in" line shows the seconds left, once a second, and when the
# sleep ends it reads as it first did (the delay decided) and keeps its
# newline, so that the next message starts a line of its own.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

tmux_start_

type_ "'$RETRY' -a 2 -d 3s -j none sh flaky.sh 9; echo done=\$? >st"
line='^retry: sh: attempt 1/2 failed \(exit status 1\); retrying in'
wait_screen_ "$line 3s\$" ||
	fail_ "no 'retrying in 3s' line:" "$(screen_)"
# The count goes down, in the same line.
wait_screen_ "$line 2s\$" 3 || note_ "the count did not reach 2s:" "$(screen_)" || fail=1
wait_screen_ "$line 1s\$" 3 || note_ "the count did not reach 1s:" "$(screen_)" || fail=1
test "$(screen_ | grep -c -E -- "$line")" -eq 1 ||
	note_ "the count was not drawn in place:" "$(screen_)" || fail=1

wait_lines_ 1 st || fail_ "retry did not end:" "$(screen_)"
test "$(cat st)" = done=1 || note_ "retry's status: $(cat st)" || fail=1
screen_ >screen
# The line reads as first shown, and the give-up message is the next line.
grep -A1 -E -- "$line 3s\$" screen >pair
test "$(nlines pair)" -eq 2 &&
	sed -n 2p pair | grep -q '^retry: sh: attempt 2/2 failed .*giving up' ||
	note_ "the line was not left whole, with the next message below:" \
	    "$(cat screen)" || fail=1
expect_runs 2 || fail=1

Exit "$fail"
