#!/bin/sh
# SPDX-License-Identifier: ISC
# Every element of a status list counts, whatever its place and order.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

list=9,2,200,5-7,1
for st in 9 2 200 5 6 7 1; do
	rm -f runs
	returns_ $st "$RETRY" -a 2 --delay=0 --retry-on=$list sh flaky.sh 99 $st \
		2>err || fail=1
	expect_runs 2 || { note_ "--retry-on=$list, status $st"; fail=1; }

	rm -f runs
	returns_ $st "$RETRY" -a 2 --delay=0 --stop-on=$list sh flaky.sh 99 $st \
		2>err || fail=1
	expect_runs 1 || { note_ "--stop-on=$list, status $st"; fail=1; }

	rm -f runs
	returns_ $st "$RETRY" -a 2 --delay=0 --success-on=$list sh flaky.sh 99 $st \
		2>err || fail=1
	expect_runs 1 || { note_ "--success-on=$list, status $st"; fail=1; }
done

# A status in none of the elements.
rm -f runs
returns_ 3 "$RETRY" -a 2 --delay=0 --retry-on=$list sh flaky.sh 99 3 2>err ||
	fail=1
expect_runs 1 || fail=1
rm -f runs
returns_ 3 "$RETRY" -a 2 --delay=0 --stop-on=$list sh flaky.sh 99 3 2>err ||
	fail=1
expect_runs 2 || fail=1

Exit "$fail"
