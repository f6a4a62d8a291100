#!/bin/sh
# SPDX-License-Identifier: ISC
# --delay=LIST sleeps each element in turn, then repeats the last, without
# jitter.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

require_ns_date_

# Gaps between starts: ~0, then 1s, then 1s again (the last repeated).
returns_ 1 "$RETRY" -a 4 --delay=0,1s sh stamp.sh 2>err || fail=1
expect_lines 4 stamps || fail=1
gaps stamps >gap_ms
g1=$(sed -n 1p gap_ms) g2=$(sed -n 2p gap_ms) g3=$(sed -n 3p gap_ms)
test "${g1:-9999}" -lt 800 || note_ "first gap ${g1}ms, expected ~0" || fail=1
for g in "${g2:-0}" "${g3:-0}"; do
	test "$g" -ge 950 || note_ "gap ${g}ms, expected >= 1000ms" || fail=1
	test "$g" -lt 3000 || note_ "gap ${g}ms, expected ~1000ms" || fail=1
done

# A single value is a constant delay, and no jitter draws it below.
rm -f stamps
returns_ 1 "$RETRY" -a 3 --delay=300ms sh stamp.sh 2>err || fail=1
expect_lines 3 stamps || fail=1
for g in $(gaps stamps); do
	test "$g" -ge 290 || note_ "gap ${g}ms, expected >= 300ms" || fail=1
done

Exit "$fail"
