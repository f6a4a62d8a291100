#!/bin/sh
# SPDX-License-Identifier: ISC
# A list option given more than once adds up: every occurrence counts, in
# either order, not only the last one.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

# --stop-on: 1 is permanent whichever -x names it.
for opts in '-x 1 -x 2' '-x 2 -x 1'; do
	rm -f runs
	# shellcheck disable=SC2086 # $opts is several words on purpose
	returns_ 1 "$RETRY" -a 3 --delay=0 $opts sh flaky.sh 1 1 2>err ||
		fail=1
	expect_runs 1 || fail=1
done

# --retry-on: 3 and 4 are both retried, and 5 is not.
for st in 3 4; do
	rm -f runs
	returns_ 0 "$RETRY" -a 3 --delay=0 --retry-on=3 --retry-on=4 \
		sh flaky.sh 1 $st 2>err || fail=1
	expect_runs 2 || fail=1
done
rm -f runs
returns_ 5 "$RETRY" -a 3 --delay=0 --retry-on=3 --retry-on=4 \
	sh flaky.sh 1 5 2>err || fail=1
expect_runs 1 || fail=1

# --success-on: 3 and 4 both count as success, at the first run.
for st in 3 4; do
	rm -f runs
	returns_ $st "$RETRY" -a 3 --delay=0 --success-on=3 --success-on=4 \
		sh flaky.sh 1 $st 2>err || fail=1
	expect_runs 1 || fail=1
done

Exit "$fail"
