#!/bin/sh
# SPDX-License-Identifier: ISC
# -n with unlimited attempts prints a bounded schedule, quickly.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

for a in 0 inf forever; do
	timed_ 0 "$RETRY" -n -a $a --seed=1 >out 2>err || fail=1
	test "$ms" -lt 5000 || note_ "-a $a: took ${ms}ms" || fail=1
	n=$(nlines out)
	test "$n" -ge 2 || note_ "-a $a: no rows" || fail=1
	test "$n" -le 10000 || note_ "-a $a: $n lines" || fail=1
done

Exit "$fail"
