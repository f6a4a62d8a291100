#!/bin/sh
# SPDX-License-Identifier: ISC
# A bad DURATION is a usage error that names the option and the value.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

for opt in --base --cap --delay; do
	for v in 5x 1..2 s -1 '' nan inf 1e999 ' 1' 1m30x 99999999999999999999d; do
		bad_value_ "$opt" "$v" || fail=1
	done
done

# Short options too.
usage_error_ -b 5x touch ran || fail=1
mentions_ 5x || fail=1
usage_error_ -c '' touch ran || fail=1
usage_error_ -d -1 touch ran || fail=1
mentions_ -1 || fail=1

Exit "$fail"
