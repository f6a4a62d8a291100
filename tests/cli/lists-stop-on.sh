#!/bin/sh
# SPDX-License-Identifier: ISC
# --stop-on statuses are permanent: never retried, even when --retry-on lists
# them.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

for opt in --stop-on -x; do
	rm -f runs
	returns_ 3 "$RETRY" -a 3 --delay=0 "$opt" 3 sh flaky.sh 99 3 2>err || fail=1
	expect_runs 1 || fail=1

	rm -f runs
	returns_ 4 "$RETRY" -a 3 --delay=0 "$opt" 3 sh flaky.sh 99 4 2>err || fail=1
	expect_runs 3 || fail=1
done

for st in 10 15 20; do
	rm -f runs
	returns_ $st "$RETRY" -a 3 --delay=0 --stop-on=10-20 sh flaky.sh 99 $st \
		2>err || fail=1
	expect_runs 1 || fail=1
done

# --stop-on wins over --retry-on, in either order on the command line.
rm -f runs
returns_ 3 "$RETRY" -a 3 --delay=0 --retry-on=1-5 --stop-on=3 \
	sh flaky.sh 99 3 2>err || fail=1
expect_runs 1 || fail=1
rm -f runs
returns_ 3 "$RETRY" -a 3 --delay=0 --stop-on=3 --retry-on=1-5 \
	sh flaky.sh 99 3 2>err || fail=1
expect_runs 1 || fail=1

# Giving up on a permanent status is said on stderr.
test -s err || note_ "nothing on stderr when giving up on a permanent status" ||
	fail=1

Exit "$fail"
