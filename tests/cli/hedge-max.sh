#!/bin/sh
# SPDX-License-Identifier: ISC
# --hedge: never more than --hedge-max copies alive at once (default 2),
# and --attempts copies in all; --hedge=0 starts --hedge-max at once.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

# Each copy marks itself alive, records how many are, runs a while, unmarks
# itself and fails. (A copy unmarks itself before it ends: the count may
# fall short, never over.)
cat >copy.sh <<'SH' || framework_failure_ "cannot write copy.sh"
echo "$RETRY_ATTEMPT" >>runs
: >alive.$RETRY_ATTEMPT
ls alive.* | wc -l | tr -d ' ' >>counts
sleep "$1"
rm -f alive.$RETRY_ATTEMPT
exit 1
SH

# most_ MAX: the most alive at once was MAX.
most_() {
	got_=$(sort -n counts | tail -n 1)
	test "$got_" = "$1" ||
		note_ "expected at most (and once) $1 alive, got:" \
			"$(tr '\n' ' ' <counts)"
}

returns_ 1 "$RETRY" -a 6 --hedge=50ms sh copy.sh 0.6 >out 2>err || fail=1
expect_runs 6 || fail=1
most_ 2 || fail=1

rm -f runs counts alive.*
returns_ 1 "$RETRY" -a 8 --hedge=50ms --hedge-max=3 sh copy.sh 0.6 \
	>out 2>err || fail=1
expect_runs 8 || fail=1
most_ 3 || fail=1

# --hedge=0: --hedge-max copies at once; each slot is refilled at once
# when a copy fails, up to --attempts.
rm -f runs counts alive.*
returns_ 1 "$RETRY" -a 7 --hedge=0 --hedge-max=4 sh copy.sh 0.5 \
	>out 2>err || fail=1
expect_runs 7 || fail=1
most_ 4 || fail=1

Exit "$fail"
