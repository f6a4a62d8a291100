#!/bin/sh
# SPDX-License-Identifier: ISC
# --reset-after takes a DURATION: anything else is a usage error (125) that
# names the option and the value; with --hedge, which has no schedule to
# start again, it is one too.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

for v in x 5x -1s 1..2 ''; do
	bad_value_ --reset-after "$v" || fail=1
done
usage_error_ --hedge=1s --reset-after=1m touch ran || fail=1
mentions_ --hedge --reset-after || fail=1

Exit "$fail"
