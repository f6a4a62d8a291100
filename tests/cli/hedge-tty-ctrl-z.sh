#!/bin/sh
# SPDX-License-Identifier: ISC
# --hedge in a terminal: Ctrl-Z suspends retry and every copy (none goes
# on while the job is stopped), and fg resumes them all: the run then
# ends as it would have.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

tmux_start_

# Copy 1 runs 2 s and wins; copy 2 hangs.
m=$(marker_)
cat >copy.sh <<'EOF2' || framework_failure_ "cannot write copy.sh"
echo $$ >>pids
test "$RETRY_ATTEMPT" = 1 || exec sleep "$1"
sleep 2
echo done >f
EOF2
type_ "'$RETRY' -a 5 --hedge=200ms sh copy.sh $m"
wait_lines_ 2 pids || fail_ "the copies did not start:" "$(screen_)"
# Ctrl-Z once copy 1 sleeps (its child), copy 2 is sleep, and retry
# sleeps.
retry_pid=$(ppid_of_ "$(head -n 1 pids)")
# shellcheck disable=SC2317 # called through wait_for_
settled_() {
	pgrep -P "$(head -n 1 pids)" >/dev/null &&
		test -n "$(live_ -f "sleep $m")" && asleep_ "$retry_pid"
}
wait_for_ settled_
tmux_ send-keys C-z
wait_screen_ Stopped ||
	fail_ "the shell did not see its job stop:" "$(screen_)"
while read -r p; do
	wait_stopped_ "$p" || note_ "copy $p is not stopped:" \
		"$(ps -o pid=,stat=,args= -p "$p")" || fail=1
done <pids
# Longer than copy 1 has left to run: it does not, while stopped.
sleep 2.2
test ! -e f || note_ "copy 1 went on while the job was suspended" || fail=1

type_ 'fg; echo "status=$?" >st'
wait_lines_ 1 st || fail_ "retry did not end after fg:" "$(screen_)"
test "$(cat st)" = status=0 || note_ "after fg:" "$(cat st)" || fail=1
test "$(cat f 2>/dev/null)" = "done" ||
	note_ "copy 1 did not finish after fg" || fail=1
gone_within_ -f "sleep $m" || fail=1

Exit "$fail"
