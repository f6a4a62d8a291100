#!/bin/sh
# SPDX-License-Identifier: ISC
# --budget-wait bounds the wait for a token: the run gives up when it ends,
# with the last attempt's status and "retry budget NAME exhausted"; 0 gives
# up at once. The deadline bounds it too, whichever comes first.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

b="--budget=w --store=file:$PWD/st --budget-burst=1 --budget-ratio=0 --budget-rate=0/s"
# shellcheck disable=SC2086
timed_ 3 "$RETRY" -a 5 -d 10ms --budget-wait=400ms $b -- sh flaky.sh 99 3 \
	2>err || fail=1
expect_runs 2 || fail=1
test "$ms" -ge 350 && test "$ms" -lt 5000 ||
	note_ "the wait did not end at --budget-wait=400ms ($ms ms)" || fail=1
grep -q 'giving up: retry budget w exhausted' err ||
	note_ "no 'retry budget w exhausted':" "$(cat err)" || fail=1
# The budget is empty now: 0 gives up at once.
rm -f runs
# shellcheck disable=SC2086
timed_ 3 "$RETRY" -a 5 -d 10ms --budget-wait=0 $b -- sh flaky.sh 99 3 \
	2>err || fail=1
expect_runs 1 || fail=1
test "$ms" -lt 2000 || note_ "--budget-wait=0 waited ($ms ms)" || fail=1
# The deadline, sooner than --budget-wait, ends it first.
rm -f runs
# shellcheck disable=SC2086
timed_ 3 "$RETRY" -a 5 -d 10ms -D 500ms --budget-wait=1h $b \
	-- sh flaky.sh 99 3 2>err || fail=1
test "$ms" -ge 400 && test "$ms" -lt 5000 ||
	note_ "the deadline did not end the wait ($ms ms)" || fail=1

Exit "$fail"
