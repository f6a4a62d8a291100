#!/bin/sh
# SPDX-License-Identifier: ISC
# A bad DURATION names the form expected, and keeps the reason where there
# is one (issue 42).

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

# expect_line_ TEXT: the first line of ./err is exactly TEXT.
expect_line_() {
	IFS= read -r l_ <err
	test "$l_" = "$1" || note_ "expected: $1" "got: $l_"
}

d='expected a duration such as 500ms, 30s or 1h30m'
usage_error_ -t -5 touch ran || fail=1
expect_line_ "retry: invalid value '-5' for -t/--timeout: $d" || fail=1
usage_error_ -D 1h30 touch ran || fail=1
expect_line_ "retry: invalid value '1h30' for -D/--deadline: $d (a number without a unit must stand alone)" ||
	fail=1
usage_error_ --hedge=5x touch ran || fail=1
expect_line_ "retry: invalid value '5x' for --hedge: $d (unknown unit; use ns, us, ms, s, m, h or d)" ||
	fail=1
for opt in --base --cap --timeout --kill-after --deadline --idle-timeout \
	--splay --budget-wait; do
	usage_error_ "$opt=x" touch ran || fail=1
	mentions_ "$opt" "$d" || fail=1
done

Exit "$fail"
