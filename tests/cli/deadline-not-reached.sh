#!/bin/sh
# SPDX-License-Identifier: ISC
# A --deadline that is not reached changes nothing.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

returns_ 0 "$RETRY" -D 60s -a 5 --delay=0 sh flaky.sh 2 2>err || fail=1
expect_runs 3 || fail=1

rm -f runs
returns_ 3 "$RETRY" -D 60s -a 3 --delay=0 sh flaky.sh 99 3 2>err || fail=1
expect_runs 3 || fail=1

# Sleeps that fit are taken in full.
rm -f stamps
returns_ 1 "$RETRY" -D 60s -a 2 --delay=300ms sh stamp.sh 2>err || fail=1
expect_lines 2 stamps || fail=1
gap=$(gaps stamps)
test "${gap:-0}" -ge 300 || note_ "slept ${gap}ms, not 300ms" || fail=1

# A running attempt that ends in time is left alone.
returns_ 0 "$RETRY" -D 60s -a 1 sh -c 'sleep 0.3' 2>err || fail=1

Exit "$fail"
