#!/bin/sh
# SPDX-License-Identifier: ISC
# A run that retry dies of a signal (SIGTERM during the sleep between
# attempts, or during an attempt) still appends its outputs, as it dies:
# exit_status=143 (128+15), gave_up=true, and a summary line that says
# it was interrupted.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

GITHUB_ACTIONS=true
GITHUB_OUTPUT=$(pwd)/gh-out
GITHUB_STEP_SUMMARY=$(pwd)/gh-sum
export GITHUB_ACTIONS GITHUB_OUTPUT GITHUB_STEP_SUMMARY

# interrupt COMMAND STATE: start retry, SIGTERM it once COMMAND has run
# twice and retry is in STATE (asleep_: during an attempt; idle_: in the
# sleep after one).
interrupt() {
	rm -f runs gh-out gh-sum
	"$RETRY" -q -a 5 -d "$3" sh -c "$1" >out 2>err &
	pid=$!
	poll_ "test \"\$(nlines runs)\" -ge 2 && $2 $pid" || {
		kill -s KILL $pid; note_ "retry never reached $2"; return 1; }
	kill -s TERM $pid
	wait $pid
	st=$?
	test $st -eq 143 || note_ "retry exited $st, not 143 (SIGTERM)" ||
		return 1
	printf 'attempts=2\nexit_status=143\ngave_up=true\n' >exp
	cmp -s exp gh-out || note_ "$2: GITHUB_OUTPUT holds:" \
		"$(cat gh-out 2>&1)" || return 1
	case $(cat gh-sum 2>&1) in
	'- **retry**: sh was interrupted by signal 15 (SIGTERM) after 2 attempts, status 143 ('[12]' failed: attempt 1: status 1, exit status 1'*') in '*s) ;;
	*) note_ "$2: not the summary line expected:" "$(cat gh-sum 2>&1)"
		return 1 ;;
	esac
}

interrupt 'echo run >>runs; test "$RETRY_ATTEMPT" -ge 2 || exit 1
	sleep 30 & wait' asleep_ 0 || fail=1
interrupt 'echo run >>runs; exit 1' idle_ 30s || fail=1

Exit "$fail"
