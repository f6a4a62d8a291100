#!/bin/sh
# SPDX-License-Identifier: ISC
# The count down is only for a person at a terminal: with stderr in a file
# (a CI log, cron's mail) each message stays one line, without a carriage
# return or an escape sequence; with -q nothing is shown; JSON lines never
# change; a sleep under 2 s does not count; nor does TERM=dumb.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

tmux_start_

# stderr to a file, stdin and stdout still the terminal.
type_ "'$RETRY' -a 2 -d 2500ms -j none sh flaky.sh 9 2>err; echo \$? >st"
wait_lines_ 1 st || fail_ "retry did not end:" "$(screen_)"
expect_lines 2 err || fail=1
if LC_ALL=C grep -q "$(printf '[\r\033]')" err; then
	note_ "a carriage return or escape went to a file:" "$(od -c err | head)"
	fail=1
fi

# -q: the terminal shows no line of retry's during the sleep.
rm -f st runs
type_ "clear; '$RETRY' -q -a 2 -d 2500ms -j none sh flaky.sh 9; echo \$? >st"
wait_lines_ 1 runs || fail_ "the attempt did not start:" "$(screen_)"
sleep 1.2
screen_ | grep '^retry:' && { note_ "-q showed a line:" "$(screen_)"; fail=1; }
wait_lines_ 1 st || fail_ "retry -q did not end:" "$(screen_)"

# JSON: the retry event is printed once, and stays as it was.
rm -f st runs
type_ "clear; '$RETRY' --log-format=json -a 2 -d 3s -j none sh flaky.sh 9; echo \$? >st"
wait_screen_ '"event":"retry"' || fail_ "no JSON retry event:" "$(screen_)"
screen_ | grep '"event":"retry"' >first
sleep 1.5
screen_ | grep '"event":"retry"' >later
cmp -s first later || note_ "the JSON line changed:" "$(cat first later)" || fail=1
wait_lines_ 1 st || fail_ "retry did not end:" "$(screen_)"

# A sleep under 2 s, and TERM=dumb: the line is written once, whole.
for how in "-d 1900ms" "-d 3s TERM=dumb"; do
	rm -f st runs
	set -- $how
	type_ "clear; $3 '$RETRY' -a 2 $1 $2 -j none sh flaky.sh 9; echo \$? >st"
	wait_lines_ 1 runs || fail_ "the attempt did not start:" "$(screen_)"
	sleep 1.2
	screen_ | grep -q -E 'retrying in [12]s$' &&
		{ note_ "$how counted down:" "$(screen_)"; fail=1; }
	wait_lines_ 1 st || fail_ "retry did not end:" "$(screen_)"
done

Exit "$fail"
