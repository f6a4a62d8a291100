#!/bin/sh
# SPDX-License-Identifier: ISC
# An unknown --strategy is a usage error.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

for v in bogus '' exponentially 'constant ' linear,fixed; do
	bad_value_ --strategy "$v" || fail=1
done
usage_error_ -s nope touch ran || fail=1

Exit "$fail"
