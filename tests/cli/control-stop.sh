#!/bin/sh
# SPDX-License-Identifier: ISC
# An attempt that writes "stop" to RETRY_CONTROL ends the run with its own
# status, though the status would be retried; the message (and JSON) say
# the command asked. A success that says "stop" is a success.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

returns_ 7 "$RETRY" -a 5 --delay=0 sh -c \
	'echo run >>runs; echo stop >"$RETRY_CONTROL"; exit 7' 2>err || fail=1
expect_runs 1 || fail=1
grep 'giving up: the command asked to stop (RETRY_CONTROL)' err \
	>/dev/null || note_ "no message of the stop:" "$(cat err)" || fail=1

rm -f runs
returns_ 7 "$RETRY" -a 5 --delay=0 --log-format=json sh -c \
	'echo run >>runs; printf "  stop\n\n" >"$RETRY_CONTROL"; exit 7' \
	2>err || fail=1
expect_runs 1 || fail=1
grep '"event":"give_up".*"pushback":"stop".*"reason":"pushback"' err \
	>/dev/null || note_ "no JSON give_up for the stop:" "$(cat err)" ||
	fail=1

rm -f runs
returns_ 0 "$RETRY" -a 5 --delay=0 sh -c \
	'echo run >>runs; echo stop >"$RETRY_CONTROL"; exit 0' 2>err || fail=1
expect_runs 1 || fail=1
expect_empty err || fail=1

Exit "$fail"
