#!/bin/sh
# SPDX-License-Identifier: ISC
# The last attempt's exit status comes out unchanged, 126 and 127 included.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

# A command that exits 126 or 127 itself ran: those are ordinary statuses,
# retried and passed through like any other.
for st in 1 2 42 126 127 200 255; do
	rm -f runs
	returns_ $st "$RETRY" -a 2 --delay=0 sh flaky.sh 99 $st 2>err || fail=1
	expect_runs 2 || fail=1
done

Exit "$fail"
