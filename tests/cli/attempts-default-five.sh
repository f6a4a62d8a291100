#!/bin/sh
# SPDX-License-Identifier: ISC
# Without -a, a failing command runs 5 times.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

returns_ 1 "$RETRY" --base=1ms sh flaky.sh 99 2>err || fail=1
expect_runs 5 || fail=1

rm -f runs
returns_ 1 "$RETRY" --delay=0 sh flaky.sh 99 2>err || fail=1
expect_runs 5 || fail=1

Exit "$fail"
