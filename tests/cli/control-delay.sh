#!/bin/sh
# SPDX-License-Identifier: ISC
# "delay DURATION" in RETRY_CONTROL: the next sleep is at least DURATION
# (with --delay=0), and the message says the command asked; a delay that
# would end past the deadline gives up at once, saying so.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

require_ns_date_
returns_ 1 "$RETRY" -a 2 --delay=0 sh -c \
	'date +%s%N >>stamps; echo "delay 1s" >"$RETRY_CONTROL"; exit 1' \
	2>err || fail=1
expect_lines 2 stamps || fail=1
gap=$(gaps stamps)
test "${gap:-0}" -ge 1000 || note_ "slept ${gap}ms, not 1s at least" ||
	fail=1
grep 'retrying in 1[.0-9]*s (the command asked for 1s)' err >/dev/null ||
	note_ "no message of the delay:" "$(cat err)" || fail=1

timed_ 1 "$RETRY" -a 5 --delay=0 --deadline=20s sh -c \
	'echo run >>runs; echo "delay 1m" >"$RETRY_CONTROL"; exit 1' \
	2>err || fail=1
expect_runs 1 || fail=1
test "$ms" -lt 10000 || note_ "took ${ms}ms to give up" || fail=1
grep 'giving up: the command asked to wait 1m0s (RETRY_CONTROL), past the deadline' \
	err >/dev/null || note_ "no give-up for the delay:" "$(cat err)" ||
	fail=1

Exit "$fail"
