#!/bin/sh
# SPDX-License-Identifier: ISC
# A stalled reader never holds retry even where it cannot reopen its
# stdout through /proc: retry runs as another user than the one whose pipe
# it writes (sudo -u app retry ... | tee log), and copies the attempt's
# output (--stop-if-output) through a pipe of its own and splice(2).
# --timeout still stops the attempt on time.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

test "$(id -u)" -eq 0 || skip_ "needs root, to run retry as another user"
command -v setpriv >/dev/null || skip_ "setpriv is not installed"
nobody=$(id -u nobody 2>/dev/null) || skip_ "no user nobody"
# retry must be reachable by that user.
setpriv --reuid="$nobody" --regid="$nobody" --clear-groups \
	test -x "$RETRY" || skip_ "$RETRY cannot be run by nobody"

stalled_fifo_
# Root's, mode 0600: nobody cannot open it anew, only write what it got.
chmod 600 fifo

# The attempt's pid goes to fd 3, which the test reads: nobody cannot
# write the test's files.
drive_ -l 6 -- setpriv --reuid="$nobody" --regid="$nobody" --clear-groups \
	"$RETRY" -a 1 -t 1 --stop-if-output=zzz -- \
	sh -c 'echo $$ >&3; exec yes 3>&-' >fifo 2>err 3>>pids 7>&-
test "$how $num" = "exit 124" ||
	note_ "expected exit status 124, got: $how $num after ${ms}ms:" \
		"$(cat err)" || fail=1
test "$ms" -lt 5000 || note_ "retry took ${ms}ms to end" || fail=1
gone_within_ -g "$(tail -n 1 pids)" || fail=1

Exit "$fail"
