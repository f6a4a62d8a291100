#!/bin/sh
# SPDX-License-Identifier: ISC
# A retry that finds RETRY_RUN_ID warns once on stderr that attempts multiply,
# unless -q.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

outer_id=0123456789abcdef0123456789abcdef

# On success, the warning is the only line.
returns_ 0 env RETRY_RUN_ID=$outer_id "$RETRY" -a 3 --delay=0 true \
	>out 2>err || fail=1
expect_lines 1 err || fail=1
grep '^retry: ' err >/dev/null || note_ "no 'retry: ' prefix" || fail=1
grep -i 'multipl' err >/dev/null ||
	note_ "the warning does not say that attempts multiply:" "$(cat err)" ||
	fail=1
expect_empty out || fail=1

# Not nested: nothing.
returns_ 0 "$RETRY" -a 3 --delay=0 true 2>err || fail=1
expect_empty err || fail=1

# Once per run, not once per attempt.
returns_ 1 "$RETRY" -a 3 --delay=0 false 2>plain || fail=1
returns_ 1 env RETRY_RUN_ID=$outer_id "$RETRY" -a 3 --delay=0 false \
	2>nested || fail=1
test "$(nlines nested)" -eq $(($(nlines plain) + 1)) ||
	note_ "the warning is not said exactly once:" "$(cat nested)" || fail=1

# -q: silent, and still working.
rm -f runs
returns_ 0 env RETRY_RUN_ID=$outer_id "$RETRY" -q -a 3 --delay=0 \
	sh flaky.sh 1 2>err || fail=1
expect_empty err || fail=1
expect_runs 2 || fail=1

Exit "$fail"
