#!/bin/sh
# SPDX-License-Identifier: ISC
# On a terminal, a sleep of 2 s or more counts down: below the "retrying
# in" message, which stays as a log would hold it, a line of its own shows
# the seconds left, once a second, drawn in place; when the sleep ends
# that line goes, and the next message takes its place.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

tmux_start_

type_ "'$RETRY' -a 2 -d 3s -j none sh flaky.sh 9; echo done=\$? >st"
line='^retry: sh: attempt 1/2 failed \(exit status 1\); retrying in 3s$'
count='^retry: sh: retrying in'
wait_screen_ "$count 2s\$" ||
	fail_ "no count below the message:" "$(screen_)"
screen_ | grep -A1 -E -- "$line" | sed -n 2p | grep -q -E -- "$count 2s\$" ||
	note_ "the count is not right below the message:" "$(screen_)" || fail=1
# The count goes down, in the same line.
wait_screen_ "$count 1s\$" 3 || note_ "the count did not reach 1s:" "$(screen_)" || fail=1
test "$(screen_ | grep -c -E -- "$count")" -eq 1 ||
	note_ "the count was not drawn in place:" "$(screen_)" || fail=1

wait_lines_ 1 st || fail_ "retry did not end:" "$(screen_)"
test "$(cat st)" = done=1 || note_ "retry's status: $(cat st)" || fail=1
screen_ >screen
grep -q -E -- "$count" screen &&
	{ note_ "the count's line stayed:" "$(cat screen)"; fail=1; }
# The next message took the count's place, right below the message.
grep -A1 -E -- "$line" screen | sed -n 2p |
    grep -q '^retry: sh: attempt 2/2 failed .*giving up' ||
	note_ "the next message did not take the count's place:" \
	    "$(cat screen)" || fail=1
expect_runs 2 || fail=1

Exit "$fail"
