#!/bin/sh
# SPDX-License-Identifier: ISC
# No sleep after the last attempt: -a 2 --delay=2s takes about 2s, not 4s.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

timed_ 1 "$RETRY" -a 2 --delay=2s sh flaky.sh 99 2>err || fail=1
expect_runs 2 || fail=1
test "$ms" -ge 1900 || note_ "took ${ms}ms: the 2s delay was not slept" ||
	fail=1
test "$ms" -lt 3700 || note_ "took ${ms}ms: slept after the last attempt" ||
	fail=1

Exit "$fail"
