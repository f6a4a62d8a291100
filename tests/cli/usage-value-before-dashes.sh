#!/bin/sh
# SPDX-License-Identifier: ISC
# An option whose value was forgotten before `--` (`retry --hedge -- true`)
# or at the end says the value is missing, and what it should be, rather
# than that `--` is a bad value (issue 42).  `--message=--` is a value meant.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

# expect_line_ TEXT: the first line of ./err is exactly TEXT.
expect_line_() {
	IFS= read -r l_ <err
	test "$l_" = "$1" || note_ "expected: $1" "got: $l_"
}

d='a duration such as 500ms, 30s or 1h30m'
usage_error_ --hedge -- touch ran || fail=1
expect_line_ "retry: --hedge needs a value ($d) before '--'" || fail=1
usage_error_ -t -- touch ran || fail=1
expect_line_ "retry: -t/--timeout needs a value ($d) before '--'" || fail=1
usage_error_ -a -- touch ran || fail=1
expect_line_ "retry: -a/--attempts needs a value (a number of attempts, or inf) before '--'" ||
	fail=1
usage_error_ --seed -- touch ran || fail=1
expect_line_ "retry: --seed needs a value before '--'" || fail=1
usage_error_ --retry-if-output -- touch ran || fail=1
expect_line_ "retry: --retry-if-output needs a value before '--'" || fail=1

# Every option with a required value says so (an alias by its name).
for opt in $(sed -n 's/^	{ "\([a-z-]*\)",[	 ]*required_argument.*/\1/p' \
	"$TESTS_DIR/../../src/run/options.c"); do
	usage_error_ "--$opt" -- touch ran || fail=1
	mentions_ "needs a value" "before '--'" || fail=1
done

# A value missing at the end is said so too.
returns_ 125 "$RETRY" -t 2>err || fail=1
expect_line_ "retry: -t/--timeout needs a value ($d)" || fail=1
returns_ 125 "$RETRY" --seed 2>err || fail=1
expect_line_ "retry: --seed needs a value" || fail=1

# Given with '=', `--` is the value.
returns_ 0 "$RETRY" --message=-- -a 1 true 2>err || fail=1

Exit "$fail"
