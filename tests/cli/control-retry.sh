#!/bin/sh
# SPDX-License-Identifier: ISC
# An attempt that writes "retry" to RETRY_CONTROL is retried though its
# status would not be (a --stop-on status), within --attempts; it does
# not turn a success into a failure.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

returns_ 3 "$RETRY" -a 3 --delay=0 --stop-on=3 sh -c \
	'echo run >>runs; echo retry >"$RETRY_CONTROL"; exit 3' 2>err || fail=1
expect_runs 3 || fail=1
grep 'attempt 1/3 failed (exit status 3); retrying in .*(the command asked to retry)' \
	err >/dev/null || note_ "no message of the retry:" "$(cat err)" ||
	fail=1
grep 'attempt 3/3 failed (exit status 3); giving up after 3 attempts' err \
	>/dev/null || note_ "the attempts did not bound it:" "$(cat err)" ||
	fail=1

# Only the attempt that says so: the second says nothing, and its --stop-on
# status ends the run.
rm -f runs
returns_ 3 "$RETRY" -a 5 --delay=0 --stop-on=3 sh -c \
	'echo run >>runs
	test "$RETRY_ATTEMPT" -gt 1 || echo retry >"$RETRY_CONTROL"; exit 3' \
	2>err || fail=1
expect_runs 2 || fail=1

rm -f runs
returns_ 0 "$RETRY" -a 5 --delay=0 sh -c \
	'echo run >>runs; echo retry >"$RETRY_CONTROL"' 2>err || fail=1
expect_runs 1 || fail=1

Exit "$fail"
