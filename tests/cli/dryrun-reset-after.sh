#!/bin/sh
# SPDX-License-Identifier: ISC
# -n with --reset-after: the rows are the schedule from its start, and a
# line above them says when it starts again.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

returns_ 0 "$RETRY" -n -a 4 -d 1,2,5 --reset-after=5m >out 2>err || fail=1
grep -q '^(an attempt that runs 5m0s or more before it fails starts the schedule again at retry 1: --reset-after)$' \
	out || note_ "no word of --reset-after:" "$(cat out)" || fail=1
awk '$1 ~ /^[0-9]+$/ { print $1, $2 }' out >got
printf '%s\n' '1 1s' '2 2s' '3 5s' >exp
cmp -s got exp || note_ "the schedule is:" "$(cat out)" || fail=1

Exit "$fail"
