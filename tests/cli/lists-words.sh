#!/bin/sh
# SPDX-License-Identifier: ISC
# The words success/true (0) and fail/false (1-255) work in every list.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

for w in success true; do
	rm -f runs
	returns_ 0 "$RETRY" -a 3 --delay=0 --until="$w" sh flaky.sh 0 2>err || fail=1
	expect_runs 1 || fail=1
	rm -f runs
	returns_ 0 "$RETRY" -a 3 --delay=0 --success-on="$w" sh flaky.sh 1 \
		2>err || fail=1
	expect_runs 2 || fail=1
done

for w in fail false; do
	for st in 1 77 255; do
		rm -f runs
		returns_ $st "$RETRY" -a 2 --delay=0 --while="$w" sh flaky.sh 99 $st \
			2>err || fail=1
		expect_runs 2 || fail=1

		rm -f runs
		returns_ $st "$RETRY" -a 2 --delay=0 --stop-on="$w" sh flaky.sh 99 $st \
			2>err || fail=1
		expect_runs 1 || fail=1
	done
done

# A word mixes with numbers.
rm -f runs
returns_ 9 "$RETRY" -a 3 --delay=0 --success-on=success,9 sh flaky.sh 99 9 \
	2>err || fail=1
expect_runs 1 || fail=1

Exit "$fail"
