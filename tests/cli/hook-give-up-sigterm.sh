#!/bin/sh
# SPDX-License-Identifier: ISC
# --on-give-up does not run when retry is interrupted: SIGTERM to retry
# during an attempt or during the sleep between attempts makes it die of
# SIGTERM, and the hook never runs.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

# wait_for FILE: until FILE is there and not empty, at most 20 s.
wait_for() {
	i_=0
	while ! test -s "$1"; do
		i_=$((i_ + 1))
		test $i_ -lt 200 || return 1
		sleep 0.1
	done
}

# shellcheck disable=SC2016 # expanded by the hook's shell
hook='echo "$RETRY_STATUS" >>gave-up'

# interrupt DELAY COMMAND...: start retry, SIGTERM it once COMMAND ran.
interrupt() {
	rm -f runs gave-up
	"$RETRY" -q -a 3 --delay="$1" --on-give-up="$hook" \
		--on-retry='echo retry >>retried' sh -c "$2" >out 2>err &
	pid=$!
	wait_for runs || { kill -s KILL $pid; note_ "the attempt never ran"
		return 1; }
	sleep 0.3
	kill -s TERM $pid
	wait $pid
	st=$?
	test $st -eq 143 || note_ "retry exited $st, not 143 (SIGTERM)" ||
		return 1
	test ! -e gave-up ||
		note_ "--on-give-up ran when retry was interrupted:" \
		"$(cat gave-up)"
}

# During an attempt (which dies of the forwarded signal).
interrupt 0 'echo run >>runs; sleep 30 & wait' || fail=1
# During the sleep after a failed attempt.
interrupt 30s 'echo run >>runs; exit 1' || fail=1
test "$(cat retried 2>/dev/null)" = retry ||
	note_ "--on-retry did not run before the sleep" || fail=1

Exit "$fail"
