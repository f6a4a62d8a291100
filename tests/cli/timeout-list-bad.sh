#!/bin/sh
# SPDX-License-Identifier: ISC
# -t LIST: an empty list, an empty element or one that is no DURATION is
# a usage error (125) that names the option and the value.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

for v in 1s,,2s 1s,x ,1s '1s,' 1s,-2s ''; do
	bad_value_ --timeout "$v" || fail=1
	usage_error_ -t "$v" touch ran || fail=1
	if test -n "$v"; then mentions_ -t/--timeout "'$v'" || fail=1; fi
done

Exit "$fail"
