#!/bin/sh
# SPDX-License-Identifier: ISC
# A bad attempt count is a usage error that names the option and the value.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

for v in -1 abc '' 3x 1.5 infinite 99999999999999999999999; do
	bad_value_ --attempts "$v" || fail=1
done
usage_error_ -a x touch ran || fail=1
mentions_ x || fail=1
usage_error_ --times=-2 touch ran || fail=1

Exit "$fail"
