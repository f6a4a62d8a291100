#!/bin/sh
# SPDX-License-Identifier: ISC
# --breaker: K failed attempts in a row open the circuit for DURATION. A
# run that finds it open and may not wait for it (--budget-wait=0) gives up
# at once: status 75 and the command not run if no attempt ran, else the
# last status and --on-give-up. A permanent status does not count.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

b="--budget=c --store=file:$PWD/st --breaker=3/30s --budget-wait=0"
# A permanent status (--stop-on) three times: the circuit stays closed.
for i in 1 2 3; do
	# shellcheck disable=SC2086
	returns_ 4 "$RETRY" -a 1 -x 4 $b -- sh -c 'exit 4' || fail=1
done
# shellcheck disable=SC2086
returns_ 0 "$RETRY" $b -- true || fail=1
# Three failures in a row in one run: open.
rm -f runs
# shellcheck disable=SC2086
returns_ 2 "$RETRY" -a 5 -d 1ms $b --on-give-up='echo gave >>hook' \
	-- sh flaky.sh 99 2 2>err || fail=1
expect_runs 3 || fail=1
grep -q 'giving up: circuit c open for 30s more' err ||
	note_ "no 'circuit c open for 30s more':" "$(cat err)" || fail=1
expect_lines 1 hook || fail=1
# A new run: 75, nothing run, no hook.
rm -f runs hook
# shellcheck disable=SC2086
returns_ 75 "$RETRY" $b --on-give-up='echo gave >>hook' -- sh flaky.sh 0 \
	2>err || fail=1
expect_runs 0 || fail=1
test ! -e hook || note_ "--on-give-up ran though no attempt ran" || fail=1
grep -q 'circuit c open for [0-9]*s more; the command was not run' err ||
	note_ "no message for the open circuit:" "$(cat err)" || fail=1
# JSON says so too.
# shellcheck disable=SC2086
returns_ 75 "$RETRY" --log-format=json $b -- true 2>err || fail=1
grep -q '"event":"give_up".*"reason":"circuit".*"status":75' err ||
	note_ "no JSON give_up for the circuit:" "$(cat err)" || fail=1
# The dry run shows it open.
# shellcheck disable=SC2086
returns_ 0 "$RETRY" -n -a 2 $b >out || fail=1
grep -q '^circuit c: open' out || note_ "dry run:" "$(cat out)" || fail=1
# A run without --breaker does not heed it, and its success closes it.
returns_ 0 "$RETRY" --budget=c --store=file:"$PWD/st" -- true || fail=1
# shellcheck disable=SC2086
returns_ 0 "$RETRY" $b -- true || fail=1

Exit "$fail"
