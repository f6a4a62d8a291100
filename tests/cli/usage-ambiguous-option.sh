#!/bin/sh
# SPDX-License-Identifier: ISC
# An abbreviation of more than one long option is a usage error that lists
# the options it could mean; an exact name or a unique prefix still works.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

# With a value, or without one: the same candidates.
for arg in --s=linear --s; do
	usage_error_ "$arg" touch ran || fail=1
	mentions_ "option '$arg' is ambiguous; possibilities:" \
		"'--strategy'" "'--seed'" "'--splay'" "'--stdin'" "'--stdout'" \
		"'--stop-on'" "'--success-on'" || fail=1
done
usage_error_ --ti=3 touch ran || fail=1
mentions_ "option '--ti=3' is ambiguous; possibilities: '--times' '--timeout'" ||
	fail=1
# Not said of a name that matches nothing.
usage_error_ --nothing-like-it touch ran || fail=1
mentions_ "unrecognized option '--nothing-like-it'" || fail=1

# An exact name that is also a prefix of others, and unique prefixes.
returns_ 0 "$RETRY" --budget=ambiguous-test --store="file:$(pwd)/store" \
	-- true || fail=1
returns_ 3 "$RETRY" --att=2 --strat=constant --ba=0 -- sh flaky.sh 99 3 \
	2>/dev/null || fail=1
expect_runs 2 || fail=1

Exit "$fail"
