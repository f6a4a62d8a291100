#!/bin/sh
# SPDX-License-Identifier: ISC
# An unknown option, an option without its value, or a flag given a value
# is a usage error.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

usage_error_ --bogus touch ran || fail=1
mentions_ bogus || fail=1
usage_error_ -Z touch ran || fail=1
mentions_ Z || fail=1
usage_error_ -a 2 --no-such-option=1 touch ran || fail=1
mentions_ no-such-option || fail=1

# The value is missing when the option comes last.
usage_error_ --attempts || fail=1
mentions_ attempts || fail=1
usage_error_ -a || fail=1

# A flag takes no value; the message names the flag.
for flag in quiet verbose dry-run help version; do
	usage_error_ --$flag=1 touch ran || fail=1
	mentions_ "$flag" || fail=1
done

Exit "$fail"
