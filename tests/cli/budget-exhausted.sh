#!/bin/sh
# SPDX-License-Identifier: ISC
# A retry takes a token; with none left it waits at most --budget-wait,
# then gives up with the last attempt's status and says the
# budget is exhausted; --on-give-up runs. A first attempt is never held back.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

b="--budget=b --store=file:$PWD/st --budget-ratio=0 --budget-rate=0/s --budget-wait=10ms"
# One token: the first attempt and one retry.
# shellcheck disable=SC2086
returns_ 3 "$RETRY" -a 5 -d 10ms $b --budget-burst=1 --on-give-up='echo gave >>hook' \
	-- sh flaky.sh 99 3 2>err || fail=1
expect_runs 2 || fail=1
grep -q 'giving up: retry budget b exhausted' err ||
	note_ "no 'retry budget b exhausted':" "$(cat err)" || fail=1
expect_lines 1 hook || fail=1
# The budget is empty now: first attempts still run, retries do not.
rm -f runs
# shellcheck disable=SC2086
returns_ 3 "$RETRY" -a 5 -d 10ms $b --budget-burst=1 -- sh flaky.sh 99 3 \
	2>err || fail=1
expect_runs 1 || fail=1
# -v says how long the retry was held back.
rm -f runs
# shellcheck disable=SC2086
returns_ 3 "$RETRY" -v -a 5 -d 10ms $b --budget-burst=1 -- sh flaky.sh 99 3 \
	2>err || fail=1
grep -q 'attempt 2 held back 0\.0[0-9]*s by retry budget b (no token); none came in time' err ||
	note_ "-v did not say the retry was held back:" "$(cat err)" || fail=1

# A token that comes with time is waited for: rate 20/s, burst 1.
rm -rf st runs
timed_ 0 "$RETRY" -a 4 -s constant -b 10ms -j none -c 1s --budget=t --store=file:"$PWD/st" \
	--budget-burst=1 --budget-ratio=0 --budget-rate=20/s \
	-- sh flaky.sh 2 2>err || fail=1
expect_runs 3 || fail=1
test "$ms" -ge 40 || note_ "the second retry did not wait for its token ($ms ms)" ||
	fail=1

Exit "$fail"
