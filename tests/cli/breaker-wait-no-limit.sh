#!/bin/sh
# SPDX-License-Identifier: ISC
# A run that finds the circuit open, with no deadline and no --budget-wait,
# waits for it to close, then its attempt is the probe: the command runs
# and its success closes the circuit. --budget-wait shorter than the time
# the circuit stays open gives up at once with 75.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

b="--budget=o --store=file:$PWD/st --breaker=2/3s"
# Two failures: the circuit opens for 3s.
# shellcheck disable=SC2086
returns_ 1 "$RETRY" -a 2 -d 1ms --budget-wait=0 $b -- false 2>/dev/null ||
	fail=1
# --budget-wait forbids the wait: 75 at once, the command not run.
# shellcheck disable=SC2086
timed_ 75 "$RETRY" --budget-wait=100ms $b -- sh flaky.sh 0 2>err || fail=1
expect_runs 0 || fail=1
test "$ms" -lt 2000 || note_ "gave up only after $ms ms" || fail=1
grep -q 'circuit o open for [23]s more; the command was not run' err ||
	note_ "no message for the open circuit:" "$(cat err)" || fail=1
# No limit: it waits, and its attempt closes the circuit.
# shellcheck disable=SC2086
timed_ 0 "$RETRY" -v $b -- sh flaky.sh 0 2>err || fail=1
expect_runs 1 || fail=1
test "$ms" -ge 1500 || note_ "did not wait for the circuit ($ms ms)" || fail=1
grep -q 'attempt 1 held back [0-9.]*s by circuit o (open)' err ||
	note_ "-v did not say the attempt was held back:" "$(cat err)" || fail=1
# shellcheck disable=SC2086
returns_ 0 "$RETRY" -n $b >out || fail=1
grep -q '^circuit o: closed' out || note_ "dry run:" "$(cat out)" || fail=1

Exit "$fail"
