#!/bin/sh
# SPDX-License-Identifier: ISC
# -a 0, inf and forever mean no limit: run until success.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

for opt in '-a 0' '-a inf' '-a forever' --attempts=forever --times=inf; do
	rm -f runs
	# shellcheck disable=SC2086 # $opt is one or two words on purpose
	returns_ 0 "$RETRY" $opt --delay=0 sh flaky.sh 11 2>err || fail=1
	expect_runs 12 || fail=1
done

Exit "$fail"
