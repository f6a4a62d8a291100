#!/bin/sh
# SPDX-License-Identifier: ISC
# --successes=N takes a whole number N >= 1: anything else is a usage
# error (125) that names the option and the value. Copies side by side
# race to one success: --successes above 1 with --hedge is refused.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

for v in 0 -1 x 1.5 3x ''; do
	bad_value_ --successes "$v" || fail=1
done
usage_error_ --successes -- touch ran || fail=1
mentions_ --successes || fail=1
usage_error_ --successes=2 --hedge=1s touch ran || fail=1
mentions_ --successes --hedge || fail=1
returns_ 0 "$RETRY" --successes=1 --hedge=1s true || fail=1

Exit "$fail"
