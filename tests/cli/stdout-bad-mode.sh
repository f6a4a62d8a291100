#!/bin/sh
# SPDX-License-Identifier: ISC
# An unknown --stdout mode is a usage error naming the option; the two
# modes are accepted.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

for v in bogus '' 'hold ' ' stream' stream,hold replay null 1; do
	bad_value_ --stdout "$v" || fail=1
done

for v in stream hold; do
	returns_ 0 "$RETRY" --stdout="$v" true 2>err || fail=1
	returns_ 0 "$RETRY" --stdout "$v" true 2>err || fail=1
done

Exit "$fail"
