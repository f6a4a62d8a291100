#!/bin/sh
# SPDX-License-Identifier: ISC
# An --on-retry hook writes to the terminal itself, and retry cannot know
# whether it ended its last line: its output stays whole, and the sleep
# after it does not count down (a count would start with a carriage
# return, over the hook's unfinished line).

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

tmux_start_

type_ "'$RETRY' -a 2 -d 3s -j none --on-retry='printf hook-no-newline; printf hook-err-part >&2' sh flaky.sh 9; echo \$? >st"
wait_screen_ 'hook-no-newline' || fail_ "the hook did not run:" "$(screen_)"
sleep 1.5
screen_ >during
grep -q 'hook-no-newline' during && grep -q 'hook-err-part' during ||
	note_ "the hook's output went during the sleep:" "$(cat during)" || fail=1
grep -q 'retrying in [12]s$' during &&
	{ note_ "the sleep after a hook counted:" "$(cat during)"; fail=1; }
wait_lines_ 1 st || fail_ "retry did not end:" "$(screen_)"
test "$(cat st)" = 1 || note_ "retry's status: $(cat st)" || fail=1
grep -q '^retry: sh: attempt 1/2 failed (exit status 1); retrying in 3s$' during ||
	note_ "the retry line is not whole:" "$(cat during)" || fail=1

Exit "$fail"
