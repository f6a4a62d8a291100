#!/bin/sh
# SPDX-License-Identifier: ISC
# A bad --jitter kind or parameter is a usage error.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

for v in bogus '' full:1 proportional:0 proportional:1.5 proportional:x \
	normal:0 normal:-1 normal:x 5x -1s; do
	bad_value_ --jitter "$v" || fail=1
done
usage_error_ -j nope touch ran || fail=1

Exit "$fail"
