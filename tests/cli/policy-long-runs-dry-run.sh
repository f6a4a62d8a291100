#!/bin/sh
# SPDX-License-Identifier: ISC
# The dry run says what --successes and --uncounted change: after a
# success short of N, the schedule starts again at retry 1; failures that
# do not count are bounded by the deadline. Nothing is run.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

returns_ 0 "$RETRY" -n --successes=3 -a 3 -b 1s touch ran >out 2>err || fail=1
grep -q '^(--successes=3: after a success short of 3 in a row, the next attempt comes after retry 1.s delay' out ||
	note_ "no word of --successes:" "$(cat out)" || fail=1
expect_lines 4 out || fail=1

returns_ 0 "$RETRY" -n --uncounted=75 -D 10s -a 3 touch ran >out 2>err ||
	fail=1
grep -q '^(--uncounted: .* the deadline (10s) bounds them)$' out ||
	note_ "no word of --uncounted:" "$(cat out)" || fail=1
test ! -e ran || note_ "the dry run ran the command" || fail=1

Exit "$fail"
