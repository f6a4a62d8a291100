#!/bin/sh
# SPDX-License-Identifier: ISC
# -a N runs a failing command N times in all and exits with its status.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

for opt in '-a 3' -a3 --attempts=3 --times=3; do
	rm -f runs
	# shellcheck disable=SC2086 # $opt is one or two words on purpose
	returns_ 1 "$RETRY" $opt --delay=0 sh flaky.sh 99 2>err || fail=1
	expect_runs 3 || fail=1
done

rm -f runs
returns_ 4 "$RETRY" -a 2 --delay=0 sh flaky.sh 99 4 2>err || fail=1
expect_runs 2 || fail=1

Exit "$fail"
