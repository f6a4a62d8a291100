#!/bin/sh
# SPDX-License-Identifier: ISC
# retry stops at the first success, however many attempts are left.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

returns_ 0 "$RETRY" -a 10 --delay=0 sh flaky.sh 2 2>err || fail=1
expect_runs 3 || fail=1

rm -f runs
returns_ 0 "$RETRY" -a 10 --delay=0 sh flaky.sh 0 2>err || fail=1
expect_runs 1 || fail=1

Exit "$fail"
