#!/bin/sh
# SPDX-License-Identifier: ISC
# --on-give-up does not run when retry is interrupted: SIGTERM to retry
# during an attempt or during the sleep between attempts makes it die of
# SIGTERM, and the hook never runs.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

# shellcheck disable=SC2016 # expanded by the hook's shell
hook='echo "$RETRY_STATUS" >>gave-up'

# interrupt DELAY COMMAND STATE: start retry, SIGTERM it once COMMAND ran
# and retry is in STATE: asleep_ (waiting for the attempt) or idle_ (the
# attempt and the --on-retry hook over, in the sleep).
interrupt() {
	rm -f runs gave-up
	"$RETRY" -q -a 3 --delay="$1" --on-give-up="$hook" \
		--on-retry='echo retry >>retried' sh -c "$2" >out 2>err &
	pid=$!
	poll_ "test -s runs && $3 $pid" || { kill -s KILL $pid
		note_ "retry never reached $3"; return 1; }
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
interrupt 0 'echo run >>runs; sleep 30 & wait' asleep_ || fail=1
# During the sleep after a failed attempt.
interrupt 30s 'echo run >>runs; exit 1' idle_ || fail=1
test "$(cat retried 2>/dev/null)" = retry ||
	note_ "--on-retry did not run before the sleep" || fail=1

Exit "$fail"
