#!/bin/sh
# SPDX-License-Identifier: ISC
# An unknown --stdin mode is a usage error naming the option; the three
# modes are accepted.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

for v in bogus '' 'replay ' ' pass' replay,pass stream hold 0; do
	bad_value_ --stdin "$v" || fail=1
done

for v in replay pass null; do
	returns_ 0 "$RETRY" --stdin="$v" true 2>err || fail=1
	returns_ 0 "$RETRY" --stdin "$v" true 2>err || fail=1
done

Exit "$fail"
