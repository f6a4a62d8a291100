#!/bin/sh
# SPDX-License-Identifier: ISC
# --ci takes auto or off: any other value is a usage error (125, one line
# naming --ci and the value, nothing run), in CI or not; auto and off are
# accepted, and so is --ci=off outside CI.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

for v in maybe on true false AUTO Off '' ' auto' auto,off 1; do
	bad_value_ --ci "$v" || fail=1
	(
		GITHUB_ACTIONS=true
		export GITHUB_ACTIONS
		usage_error_ "--ci=$v" touch ran
	) || fail=1
done
# A missing value.
usage_error_ --ci || fail=1
mentions_ --ci || fail=1

# The good values.
for v in auto off; do
	rm -f ran
	returns_ 0 "$RETRY" "--ci=$v" touch ran >out 2>err || fail=1
	test -e ran || note_ "--ci=$v: the command did not run" || fail=1
	expect_empty err || fail=1
	returns_ 0 "$RETRY" --ci "$v" -n true >out 2>err || fail=1
done

Exit "$fail"
