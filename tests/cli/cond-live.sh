#!/bin/sh
# SPDX-License-Identifier: ISC
# With a condition on output, stdout and stderr still pass through live: a
# line written before a 2 s sleep comes out at once, not at the end.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

command -v timeout >/dev/null || skip_ "timeout(1) is not available"
require_ns_date_

# The reader stamps each line as it comes; the gap between the two lines,
# not the time from the start, so that a slow start does not count.
for case in out--retry-if-output err--stop-if-output out--fail-if-output; do
	to=${case%%--*} opt=--${case#*--}=x
	{
		rm -f lines t1 t2
		if test "$to" = out; then
			timeout -k 5 60 "$RETRY" -q -a 1 "$opt" sh -c \
				'echo first; sleep 2; echo second' 2>/dev/null
		else
			timeout -k 5 60 "$RETRY" -q -a 1 "$opt" sh -c \
				'echo first >&2; sleep 2; echo second >&2' \
				2>&1 >/dev/null
		fi | {
			IFS= read -r l1
			now_ms >t1
			IFS= read -r l2
			now_ms >t2
			printf '%s\n' "$l1" "$l2" >lines
		}
		test "$(cat lines)" = "first
second" || note_ "$opt, std$to: the lines are:" "$(cat lines)" ||
			fail=1
		gap=$(($(cat t2) - $(cat t1)))
		test "$gap" -ge 1000 || note_ "$opt, std$to: the first line" \
			"came only ${gap}ms before the last; 2s sleep between" ||
			fail=1
	}
done

Exit "$fail"
