#!/bin/sh
# SPDX-License-Identifier: ISC
# Ctrl-C during a count down stops retry as in any sleep (status 130, the
# rest of the shell's line dropped), and the line is left whole, with its
# newline: the shell's prompt starts a line of its own (bash puts an empty
# line after a command that Ctrl-C stopped, as it does without a count;
# what the test types next may be echoed before the prompt).

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

tmux_start_

type_ "'$RETRY' -a 3 -d 30s -j none sh flaky.sh 99; echo went on >after"
wait_screen_ 'retrying in 29s$' ||
	fail_ "the count did not start:" "$(screen_)"
ctrl_c_stops_line_ || fail=1
expect_runs 1 || fail=1
screen_ >screen
grep -A2 'retrying in 30s$' screen | sed 1d | grep -v '^$' | head -n 1 |
    grep -q 'echo "status' ||
	note_ "the line was not left whole, the prompt below it:" \
	    "$(cat screen)" || fail=1

Exit "$fail"
