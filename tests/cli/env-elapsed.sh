#!/bin/sh
# SPDX-License-Identifier: ISC
# RETRY_ELAPSED is a decimal number of seconds since retry started, growing.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

returns_ 1 "$RETRY" -a 3 --delay=200ms \
	sh -c 'echo "$RETRY_ELAPSED" >>elapsed; exit 1' 2>err || fail=1
expect_lines 3 elapsed || fail=1
grep -Ev '^[0-9]+(\.[0-9]+)?$' elapsed >bad
expect_empty bad || fail=1
# Each attempt starts at least a delay (200ms) after the one before; the
# first starts soon after retry does.
awk 'NR == 1 && $1 >= 5 { exit 1 }
	NR > 1 && $1 - p < 0.19 { exit 1 }
	{ p = $1 }' elapsed ||
	note_ "RETRY_ELAPSED does not grow by the delays:" "$(cat elapsed)" ||
	fail=1

Exit "$fail"
