#!/bin/sh
# SPDX-License-Identifier: ISC
# -n with a -t list: a line gives attempt 1's limit, and a timeout column
# each retry's attempt's (0: none), the worst total staying last.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

returns_ 0 "$RETRY" -n -a 5 -d 1s -t 10s,0,2m >out 2>err || fail=1
grep -q '^--timeout: attempt 1 runs at most 10s;' out ||
	note_ "no line for attempt 1's limit:" "$(cat out)" || fail=1
awk '$1 ~ /^[0-9]+$/ { print $1, $5, $6 }' out >got
printf '%s\n' '1 none 1s' '2 2m0s 2s' '3 2m0s 3s' '4 2m0s 4s' >exp
cmp -s got exp || note_ "the schedule is:" "$(cat out)" || fail=1

# One limit for every attempt changes no row.
returns_ 0 "$RETRY" -n -a 3 -d 1s -t 10s >out 2>err || fail=1
! grep -q 'timeout' out || note_ "a column for one -t:" "$(cat out)" ||
	fail=1

Exit "$fail"
