#!/bin/sh
# SPDX-License-Identifier: ISC
# --max-server-wait holds for the command's word too: "delay 1h" in
# RETRY_CONTROL, past --max-server-wait=1s, sleeps 1s (clamp), and the
# message names the delay asked and the most allowed; with :give-up the
# run ends at once with the attempt's status. (With a deadline: a delay
# not clamped would end past it, and fail the test at once.)

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

require_ns_date_
returns_ 1 "$RETRY" -a 2 -D 30s --delay=0 --max-server-wait=1s sh -c \
	'date +%s%N >>stamps; echo "delay 1h" >"$RETRY_CONTROL"; exit 1' \
	2>err || fail=1
expect_lines 2 stamps || fail=1
gap=$(gaps stamps)
test "${gap:-0}" -ge 1000 && test "${gap:-0}" -lt 5000 ||
	note_ "slept ${gap}ms, not about 1s" || fail=1
grep -q 'retrying in 1[.0-9]*s (the command asked for 1h0m0s; --max-server-wait allows 1s)' \
	err || note_ "no message of the clamp:" "$(cat err)" || fail=1

timed_ 3 "$RETRY" -a 5 --delay=0 --max-server-wait=1s:give-up sh -c \
	'echo run >>runs; echo "delay 1h" >"$RETRY_CONTROL"; exit 3' \
	2>err || fail=1
expect_runs 1 || fail=1
test "$ms" -lt 3000 || note_ "took ${ms}ms to give up" || fail=1
grep -q 'giving up: the command asked to wait 1h0m0s (RETRY_CONTROL), more than --max-server-wait=1s$' \
	err || note_ "no give-up for the delay:" "$(cat err)" || fail=1

Exit "$fail"
