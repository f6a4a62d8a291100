#!/bin/sh
# SPDX-License-Identifier: ISC
# --output=on-failure with conditions on output: the held lines are still
# read as they come. --fail-if-output makes a passing attempt a failure
# (its output shown at the give-up); --stop-if-output stops at the first;
# a run that the conditions let succeed prints nothing.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

returns_ 1 "$RETRY" --output=on-failure --fail-if-output='^ERROR' -a 2 \
	--delay=0 sh -c 'echo "ERROR $RETRY_ATTEMPT"' >out 2>err || fail=1
test "$(cat out)" = 'ERROR 2' || note_ "--fail-if: stdout:" "$(cat out)" ||
	fail=1
test "$(head -n 1 err)" = \
	'retry: sh: attempt 2/2 failed (exit status 1, output matched --fail-if-output)' ||
	note_ "--fail-if: stderr:" "$(cat err)" || fail=1

returns_ 3 "$RETRY" --output=on-failure:all --stop-if-output='fatal' -a 5 \
	--delay=0 sh -c 'echo "fatal $RETRY_ATTEMPT" >&2; exit 3' \
	>out 2>err || fail=1
expect_empty out || fail=1
test "$(sed -n 1,2p err)" = 'retry: sh: attempt 1/5 failed (exit status 3, output matched --stop-if-output)
fatal 1' ||
	note_ "--stop-if: stderr:" "$(cat err)" || fail=1
! file_has_ err 'fatal 2' || note_ "--stop-if: a second attempt ran" ||
	fail=1

rm -f runs
returns_ 0 "$RETRY" --output=on-failure --retry-if-output='busy' -a 5 \
	--delay=0 sh -c 'echo busy; sh flaky.sh 2' >out 2>err || fail=1
expect_runs 3 || fail=1
expect_empty out || fail=1
expect_empty err || fail=1

Exit "$fail"
