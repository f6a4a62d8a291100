#!/bin/sh
# SPDX-License-Identifier: ISC
# The default jitter is equal (bench/herd: the man page's "Choosing a
# jitter"): each delay is drawn from [d/2, d]. The dry run shows the
# ranges; sleeps that really happen stay in them.
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

returns_ 0 "$RETRY" -n -a 4 >out 2>err || fail=1
expect_empty err || fail=1
awk 'NR == 2 && $3 != "500ms..1s" { bad = 1 }
	NR == 3 && $3 != "1s..2s" { bad = 1 }
	NR == 4 && $3 != "2s..4s" { bad = 1 }
	END { exit bad || NR != 4 }' out ||
	note_ "default ranges are not [d/2, d]:" "$(cat out)" || fail=1

# Ten real sleeps of d = 200ms (constant): none shorter than d/2 = 100ms.
returns_ 1 "$RETRY" -q -a 11 -s constant -b 200ms -- \
	sh -c 'date +%s%N >>times; exit 1' || fail=1
awk 'NR > 1 && ($1 - p) / 1e6 < 100 { short = 1 } { p = $1 }
	END { exit short || NR != 11 }' times ||
	note_ "a default-jitter sleep was shorter than d/2 (ns stamps):" "$(cat times)" ||
	fail=1
exit $fail
