#!/bin/sh
# SPDX-License-Identifier: ISC
# A --delay list with a bad or empty element is a usage error.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

for v in 1,x 1,,2 ,1 '1,' 1s,-2s 1,nan; do
	bad_value_ --delay "$v" || fail=1
done

Exit "$fail"
