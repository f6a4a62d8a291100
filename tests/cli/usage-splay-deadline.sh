#!/bin/sh
# SPDX-License-Identifier: ISC
# A --splay that is not shorter than --deadline is a usage error: the whole
# budget could go in the first sleep.  A shorter one is fine.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

for opts in '--splay=2s --deadline=1s' '--splay=1s --deadline=1s' \
	'--deadline=1s --splay=2s' '--splay=1000ms --deadline=1s'; do
	# shellcheck disable=SC2086 # $opts is two words on purpose
	usage_error_ $opts touch ran || fail=1
	mentions_ --splay || fail=1
done

rm -f ran
returns_ 0 "$RETRY" --splay=500ms --deadline=1s touch ran 2>err || fail=1
test -e ran || note_ "--splay=500ms --deadline=1s: the command did not run" ||
	fail=1

Exit "$fail"
