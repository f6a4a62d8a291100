#!/bin/sh
# SPDX-License-Identifier: ISC
# --successes: -a bounds the run. When the attempts run out on a success
# short of N in a row, retry gives up with status 1 and says the count was
# not reached; when they run out on a failure, with its status.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

# The 2nd run fails (status 4 from the 3rd on with an argument).
cat >second.sh <<'SH' || framework_failure_ "cannot write second.sh"
echo run >>runs
n=$(wc -l <runs)
test "$n" -ge 3 && test -n "$1" && exit "$1"
test "$n" -ne 2
SH

# Runs: a success, a failure, a success (1 in a row): out of attempts.
returns_ 1 "$RETRY" --successes=3 -a 3 --delay=0 sh second.sh 2>err || fail=1
expect_runs 3 || fail=1
grep -q 'attempt 3/3 succeeded (exit status 0, 1 of 3 in a row); giving up after 3 attempts: 3 successes in a row not reached' err ||
	note_ "no give-up that names the count:" "$(cat err)" || fail=1

# The last fails with 4: its status.
rm -f runs
returns_ 4 "$RETRY" --successes=2 -a 3 --delay=0 sh second.sh 4 2>err ||
	fail=1
expect_runs 3 || fail=1
grep -q 'attempt 3/3 failed (exit status 4); giving up after 3 attempts' err ||
	note_ "no give-up for the failure:" "$(cat err)" || fail=1

# The deadline too: the next would start after it, the last succeeded.
rm -f runs
returns_ 1 "$RETRY" --successes=2 -D 5s --delay=10s sh second.sh 2>err ||
	fail=1
expect_runs 1 || fail=1
grep -q 'giving up: the next attempt would start after the deadline' err ||
	note_ "no give-up at the deadline:" "$(cat err)" || fail=1

Exit "$fail"
