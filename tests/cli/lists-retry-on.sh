#!/bin/sh
# SPDX-License-Identifier: ISC
# --retry-on (alias --while) retries the listed statuses only; any other
# failure is permanent.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

for opt in --retry-on --while -r; do
	rm -f runs
	returns_ 2 "$RETRY" -a 3 --delay=0 "$opt" 2 sh flaky.sh 99 2 2>err || fail=1
	expect_runs 3 || fail=1

	rm -f runs
	returns_ 3 "$RETRY" -a 3 --delay=0 "$opt" 2 sh flaky.sh 99 3 2>err || fail=1
	expect_runs 1 || fail=1
done

# A range covers both ends and what lies between.
for st in 5 6 7; do
	rm -f runs
	returns_ $st "$RETRY" -a 2 --delay=0 --retry-on=5-7 sh flaky.sh 99 $st \
		2>err || fail=1
	expect_runs 2 || fail=1
done
for st in 4 8; do
	rm -f runs
	returns_ $st "$RETRY" -a 2 --delay=0 --retry-on=5-7 sh flaky.sh 99 $st \
		2>err || fail=1
	expect_runs 1 || fail=1
done

# A retried status that then succeeds.
rm -f runs
returns_ 0 "$RETRY" -a 5 --delay=0 --retry-on=2 sh flaky.sh 2 2 2>err || fail=1
expect_runs 3 || fail=1

Exit "$fail"
