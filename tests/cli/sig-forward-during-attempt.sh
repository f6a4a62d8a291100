#!/bin/sh
# SPDX-License-Identifier: ISC
# SIGTERM, SIGINT, SIGHUP, SIGALRM, SIGUSR1 or SIGUSR2 to retry during an
# attempt: the attempt gets it, no new attempt starts, and retry dies of
# that signal. (ALRM, USR1 and USR2 once killed retry alone and left the
# attempt running.)

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

# The attempt records the signal and exits 1, a status that would be retried.
for sig in TERM INT HUP ALRM USR1 USR2; do
	rm -f runs got
	drive_ -w runs -k $sig -- "$RETRY" -a 5 --delay=0 \
		sh -c 'echo $$ >>pids; trap "echo $1 >>got; exit 1" "$1"
		echo run >>runs; while :; do sleep 0.05; done' sh $sig 2>err
	expect_death_ $sig || fail=1
	expect_runs 1 || fail=1
	test "$(cat got 2>/dev/null)" = $sig ||
		note_ "SIG$sig: the attempt did not get it" || fail=1
	test "$ms" -lt 3000 ||
		note_ "SIG$sig: retry took ${ms}ms to die" || fail=1
	gone_within_ -g "$(tail -n 1 pids)" || fail=1
done

Exit "$fail"
