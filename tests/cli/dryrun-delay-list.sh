#!/bin/sh
# SPDX-License-Identifier: ISC
# -n with --delay=LIST shows the elements in turn, then the last repeated.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

# The rows are those that start with the retry number n; the ceiling is
# the second column.
returns_ 0 "$RETRY" -n -a 6 --delay=1,2,5s >out 2>err || fail=1
awk '$1 ~ /^[0-9]+$/ { print $1, $2 }' out >got
printf '%s\n' '1 1s' '2 2s' '3 5s' '4 5s' '5 5s' >exp
cmp -s got exp || note_ "the schedule is:" "$(cat out)" || fail=1

returns_ 0 "$RETRY" -n -a 4 --delay=250ms >out 2>err || fail=1
awk '$1 ~ /^[0-9]+$/ { print $1, $2 }' out >got
printf '%s\n' '1 250ms' '2 250ms' '3 250ms' >exp
cmp -s got exp || note_ "the schedule is:" "$(cat out)" || fail=1

# An explicit delay is not held to the default cap (60s), but to a --cap
# given on the command line.
returns_ 0 "$RETRY" -n -a 3 --delay=2m >out 2>err || fail=1
awk '$1 ~ /^[0-9]+$/ { print $1, $2 }' out >got
printf '%s\n' '1 2m0s' '2 2m0s' >exp
cmp -s got exp || note_ "the schedule is:" "$(cat out)" || fail=1

returns_ 0 "$RETRY" -n -a 3 --delay=2m --cap=30s >out 2>err || fail=1
awk '$1 ~ /^[0-9]+$/ { print $1, $2 }' out >got
printf '%s\n' '1 30s' '2 30s' >exp
cmp -s got exp || note_ "the schedule is:" "$(cat out)" || fail=1

# No jitter with --delay, unless --jitter is given too: then the range
# (third column) opens.
returns_ 0 "$RETRY" -n -a 3 --delay=1s >out 2>err || fail=1
awk '$1 ~ /^[0-9]+$/ { print $3 }' out >got
printf '%s\n' 1s..1s 1s..1s >exp
cmp -s got exp || note_ "the schedule is:" "$(cat out)" || fail=1

returns_ 0 "$RETRY" -n -a 3 --delay=1s --jitter=full >out 2>err || fail=1
awk '$1 ~ /^[0-9]+$/ { print $3 }' out >got
printf '%s\n' 0s..1s 0s..1s >exp
cmp -s got exp || note_ "the schedule is:" "$(cat out)" || fail=1

Exit "$fail"
