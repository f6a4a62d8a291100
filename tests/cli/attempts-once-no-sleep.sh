#!/bin/sh
# SPDX-License-Identifier: ISC
# -a 1 runs the command once and never sleeps.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

timed_ 1 "$RETRY" -a 1 --delay=5s sh flaky.sh 99 2>err || fail=1
expect_runs 1 || fail=1
test "$ms" -lt 4000 || note_ "-a 1 --delay=5s took ${ms}ms: it slept" || fail=1

Exit "$fail"
