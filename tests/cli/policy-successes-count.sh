#!/bin/sh
# SPDX-License-Identifier: ISC
# --successes=3: the run succeeds once 3 attempts in a row succeed. A
# command that fails on its 2nd run only runs 5 times (a success, the
# failure that sets the count back to 0, then 3 in a row) and retry exits
# 0; without the option, its first success ends the run.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

# The 2nd run fails; every other succeeds.
cat >second.sh <<'SH' || framework_failure_ "cannot write second.sh"
echo run >>runs
test "$(wc -l <runs)" -ne 2
SH

returns_ 0 "$RETRY" --successes=3 --delay=0 sh second.sh 2>err || fail=1
expect_runs 5 || fail=1
expect_lines 1 err || fail=1	# the failure's retry

rm -f runs
returns_ 0 "$RETRY" --delay=0 sh second.sh 2>err || fail=1
expect_runs 1 || fail=1

# --successes=1 is the default.
rm -f runs
returns_ 0 "$RETRY" --successes=1 --delay=0 sh second.sh 2>err || fail=1
expect_runs 1 || fail=1

Exit "$fail"
