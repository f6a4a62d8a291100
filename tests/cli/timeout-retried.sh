#!/bin/sh
# SPDX-License-Identifier: ISC
# An attempt stopped by --timeout is retried like a failure: -a 3 runs it 3
# times.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

returns_ 124 "$RETRY" -a 3 --delay=0 -t 200ms \
	sh -c 'echo $$ >>pids; echo run >>runs; exec sleep 10' 2>err || fail=1
expect_runs 3 || fail=1

# A timeout, then a success: the run succeeds.
rm -f runs
returns_ 0 "$RETRY" -a 3 --delay=0 -t 200ms \
	sh -c 'echo $$ >>pids; echo run >>runs
	test "$(wc -l <runs)" -gt 1 || exec sleep 10' 2>err || fail=1
expect_runs 2 || fail=1

Exit "$fail"
