#!/bin/sh
# SPDX-License-Identifier: ISC
# --successes: with -v, a success short of N says how many in a row and
# when the next attempt comes; the last says "3 of 3 in a row". Without
# -v a run that reaches its count says nothing, as any success.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

returns_ 0 "$RETRY" -v --successes=3 --delay=0 true 2>err || fail=1
grep -q '^retry: true: attempt 1/5 succeeded (1 of 3 in a row); next attempt in 0s$' err ||
	note_ "no message for the 1st of 3:" "$(cat err)" || fail=1
grep -q '^retry: true: attempt 2/5 succeeded (2 of 3 in a row); next attempt in 0s$' err ||
	note_ "no message for the 2nd of 3:" "$(cat err)" || fail=1
grep -q '^retry: true: attempt 3/5 succeeded (exit status 0, 3 of 3 in a row) after ' err ||
	note_ "no message for the 3rd of 3:" "$(cat err)" || fail=1

returns_ 0 "$RETRY" --successes=3 --delay=0 true 2>err || fail=1
expect_empty err || fail=1

Exit "$fail"
