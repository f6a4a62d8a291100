#!/bin/sh
# SPDX-License-Identifier: ISC
# An --on-retry hook writes after the "retrying in" line, so the count
# goes on a line of its own below the hook's output, and that line goes
# when the sleep ends: the next message takes its place.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

tmux_start_

type_ "'$RETRY' -a 2 -d 3s -j none --on-retry='echo hook-ran' sh flaky.sh 9; echo \$? >st"
wait_screen_ '^retry: sh: retrying in 2s$' ||
	fail_ "no count below the hook's output:" "$(screen_)"
wait_lines_ 1 st || fail_ "retry did not end:" "$(screen_)"
screen_ >screen
grep -q 'retry: sh: retrying in' screen &&
	{ note_ "the count's line was left behind:" "$(cat screen)"; fail=1; }
grep -A1 '^hook-ran$' screen | sed -n 2p | grep -q '^retry: sh: attempt 2/2 failed' ||
	note_ "the next message did not take the count's place:" \
	    "$(cat screen)" || fail=1
grep -q '^retry: sh: attempt 1/2 failed (exit status 1); retrying in 3s$' screen ||
	note_ "the retry line is not whole:" "$(cat screen)" || fail=1

Exit "$fail"
