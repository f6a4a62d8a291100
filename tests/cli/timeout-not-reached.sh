#!/bin/sh
# SPDX-License-Identifier: ISC
# A --timeout that is not reached changes nothing.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

returns_ 3 "$RETRY" -a 3 --delay=0 -t 10s sh flaky.sh 99 3 2>err || fail=1
expect_runs 3 || fail=1

rm -f runs
returns_ 0 "$RETRY" -a 3 --delay=0 -t 10s sh flaky.sh 1 2>err || fail=1
expect_runs 2 || fail=1

# An attempt that takes a while, but less than the limit.
returns_ 0 "$RETRY" -a 1 -t 10s sh -c 'sleep 0.3' 2>err || fail=1
returns_ 7 "$RETRY" -a 1 -t 10s sh -c 'sleep 0.3; exit 7' 2>err || fail=1

Exit "$fail"
