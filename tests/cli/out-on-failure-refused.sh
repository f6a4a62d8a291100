#!/bin/sh
# SPDX-License-Identifier: ISC
# --output takes on-failure, on-failure:last and on-failure:all; any other
# value is a usage error naming the option and the value, and so is
# --output=on-failure with --hedge (its copies run at once), either way
# round.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

for v in foo '' on-failure: on-failure:x on-failure:ALL On-Failure \
	'on-failure ' on-failure,all last all stream hold; do
	bad_value_ --output "$v" || fail=1
	mentions_ 'on-failure:all' || fail=1
done
# The value forgotten: getopt takes the command for it.
usage_error_ --output touch ran || fail=1
mentions_ --output touch || fail=1

for v in on-failure on-failure:last on-failure:all; do
	usage_error_ --output=$v --hedge=1s touch ran || fail=1
	mentions_ --hedge --output || fail=1
	usage_error_ --hedge=1s --hedge-max=3 --output $v touch ran || fail=1
	mentions_ --hedge --output || fail=1
	returns_ 0 "$RETRY" --output=$v true >out 2>err || fail=1
	expect_empty out || fail=1
	expect_empty err || fail=1
done

Exit "$fail"
