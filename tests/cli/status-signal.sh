#!/bin/sh
# SPDX-License-Identifier: ISC
# An attempt killed by signal N counts as status 128+N and is retried.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

returns_ 137 "$RETRY" -a 3 --delay=0 sh -c 'echo run >>runs; kill -KILL $$' \
	2>err || fail=1
expect_runs 3 || fail=1

rm -f runs
returns_ 143 "$RETRY" -a 2 --delay=0 sh -c 'echo run >>runs; kill -TERM $$' \
	2>err || fail=1
expect_runs 2 || fail=1

# 128+N is a status like any other in the lists.
rm -f runs
returns_ 137 "$RETRY" -a 3 --delay=0 --stop-on=137 \
	sh -c 'echo run >>runs; kill -KILL $$' 2>err || fail=1
expect_runs 1 || fail=1

# A signal death then a success: retried, and the run succeeds.
rm -f runs
returns_ 0 "$RETRY" -a 3 --delay=0 \
	sh -c 'echo run >>runs; test "$(wc -l <runs)" -gt 1 || kill -KILL $$' \
	2>err || fail=1
expect_runs 2 || fail=1

Exit "$fail"
