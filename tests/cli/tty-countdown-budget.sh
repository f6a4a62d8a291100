#!/bin/sh
# SPDX-License-Identifier: ISC
# A wait for a budget's token counts on a line of its own, and the line
# goes when the token comes: with no end but a token, the seconds waited,
# from the second on (most waits are over sooner); with --budget-wait,
# down to the most it may last.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

tmux_start_
mkdir store || framework_failure_ "cannot make store"

# One token, none added by attempts, one more after 4 s: the second retry
# waits for it.
type_ "'$RETRY' --store=file:store --budget=b --budget-burst=1 --budget-ratio=0 --budget-rate=1/4s -a 3 -b 10ms -c 10s -j none sh flaky.sh 9; echo \$? >st"
wait_screen_ '^retry: sh: attempt 3/3 held back by retry budget b \(no token\) for [2-4]s$' ||
	fail_ "no count for the token:" "$(screen_)"
screen_ | grep 'held back' >first
sleep 1.2
screen_ | grep 'held back' >later
cmp -s first later && { note_ "the count did not move:" "$(cat later)"; fail=1; }
wait_lines_ 1 st || fail_ "retry did not end:" "$(screen_)"
test "$(cat st)" = 1 || note_ "retry's status: $(cat st)" || fail=1
screen_ >screen
grep -q 'held back' screen && { note_ "the count's line stayed:" "$(cat screen)"; fail=1; }
expect_runs 3 || fail=1

# --budget-wait: the count goes down from it.
rm -rf store runs st
mkdir store || framework_failure_ "cannot make store"
type_ "clear; '$RETRY' --store=file:store --budget=b --budget-burst=1 --budget-ratio=0 --budget-rate=1/4s --budget-wait=9s -a 3 -b 10ms -c 10s -j none sh flaky.sh 9; echo \$? >st"
wait_screen_ '^retry: sh: attempt 3/3 held back by retry budget b \(no token\), at most [0-9]s$' ||
	fail_ "no count down for the token:" "$(screen_)"
wait_lines_ 1 st || fail_ "retry did not end:" "$(screen_)"
test "$(cat st)" = 1 || note_ "retry's status: $(cat st)" || fail=1
expect_runs 3 || fail=1

Exit "$fail"
