#!/bin/sh
# SPDX-License-Identifier: ISC
# --success-on (alias --until) statuses are successes: no retry, status passed
# through, 0 no longer implied.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

for opt in --success-on --until; do
	rm -f runs
	returns_ 3 "$RETRY" -a 3 --delay=0 "$opt" 3 sh flaky.sh 99 3 2>err || fail=1
	expect_runs 1 || fail=1
	# A success: nothing to say.
	expect_empty err || fail=1
done

# The list replaces the default: 0 is now a failure, and retried.
rm -f runs
returns_ 0 "$RETRY" -a 3 --delay=0 --success-on=3 sh flaky.sh 0 2>err || fail=1
expect_runs 3 || fail=1

# A success beats --stop-on and --retry-on.
rm -f runs
returns_ 3 "$RETRY" -a 3 --delay=0 --success-on=3 --stop-on=3 --retry-on=3 \
	sh flaky.sh 99 3 2>err || fail=1
expect_runs 1 || fail=1
expect_empty err || fail=1

# Ranges.
for st in 0 1 2; do
	rm -f runs
	returns_ $st "$RETRY" -a 3 --delay=0 --success-on=0-2 sh flaky.sh 99 $st \
		2>err || fail=1
	expect_runs 1 || fail=1
done

Exit "$fail"
