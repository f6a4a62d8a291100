#!/bin/sh
# SPDX-License-Identifier: ISC
# --reset-after: an attempt shorter than DURATION leaves the schedule as
# it grew, and the text message says nothing of a reset.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

returns_ 1 "$RETRY" -a 4 -b 100ms -j none --reset-after=1m -- \
	sh -c 'echo run >>runs; sleep 0.2; exit 1' 2>err || fail=1
expect_runs 4 || fail=1
grep -q 'attempt 3/4 failed (exit status 1); retrying in 400ms$' err ||
	note_ "the third delay is not the grown one:" "$(cat err)" || fail=1
! grep -q 'backoff starts again' err ||
	note_ "a reset that should not be:" "$(cat err)" || fail=1

Exit "$fail"
