#!/bin/sh
# SPDX-License-Identifier: ISC
# A pattern that is not a valid extended regular expression is a usage
# error (exit 125) naming the option and the pattern; nothing is run.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

for opt in --retry-if-output --stop-if-output --fail-if-output; do
	for ere in '(' 'a(b' '[a-' 'x{2,1}' '[[:nosuchclass:]]'; do
		bad_value_ "$opt" "$ere" || fail=1
	done
	# A bad one after a good one of the same option.
	usage_error_ "$opt=ok" "$opt=(" touch ran || fail=1
	mentions_ "$opt" || fail=1
	# The separate-argument form.
	usage_error_ "$opt" '(' touch ran || fail=1
	mentions_ "$opt" || fail=1
done

# A valid one is no error.
returns_ 0 "$RETRY" -a 1 --retry-if-output='^(a|b)+[[:digit:]]{2,}$' true ||
	fail=1

Exit "$fail"
