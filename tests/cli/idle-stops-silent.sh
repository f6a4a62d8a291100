#!/bin/sh
# SPDX-License-Identifier: ISC
# --idle-timeout stops an attempt that has written nothing for DURATION:
# its whole group (no grandchild left), status 124, and the message and
# JSON say it was idle. The output before the silence passes untouched.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

m=$(marker_)
# Writes at once, then nothing: stopped about 400ms later, long before
# its sleep of $m seconds would end.
timed_ 124 "$RETRY" -a 1 --idle-timeout=400ms -- \
	sh -c 'printf "first\n"; sleep "$1" & sleep "$1"' sh "$m" \
	>out 2>err || fail=1
test "$ms" -ge 350 || note_ "stopped after ${ms}ms, before 400ms of silence" ||
	fail=1
test "$ms" -lt 5000 || note_ "stopped only after ${ms}ms" || fail=1
test "$(cat out)" = first || note_ "stdout:" "$(cat out)" || fail=1
grep -q 'attempt 1/1 failed (timed out: no output for 400ms)' err ||
	note_ "the message does not say it was idle:" "$(cat err)" || fail=1
gone_within_ -f "sleep $m" || fail=1

# JSON: timed out, idle, for how long.
returns_ 124 "$RETRY" --log-format=json -a 1 --idle-timeout=200ms -- \
	sleep 5 2>err || fail=1
grep -q '"status":124,"timed_out":true,"idle":true,"idle_s":0.200' err ||
	note_ "the JSON does not say idle:" "$(cat err)" || fail=1

# A plain --timeout says no more than "timed out".
returns_ 124 "$RETRY" -a 1 -t 200ms --idle-timeout=5s -- sleep 5 2>err ||
	fail=1
grep -q 'failed (timed out); giving up' err ||
	note_ "--timeout first:" "$(cat err)" || fail=1

# An idle attempt is retried as any timed-out one; the next may succeed.
returns_ 0 "$RETRY" -a 3 -d 10ms --idle-timeout=300ms -- \
	sh -c 'echo . >>runs; test "$(wc -l <runs)" -ge 2 && exit 0; sleep 5' \
	2>err || fail=1
expect_runs 2 || fail=1

# One that ignores the stop signal gets SIGKILL after --kill-after.
timed_ 124 "$RETRY" -a 1 --idle-timeout=200ms -k 300ms -- \
	sh -c 'trap "" TERM; echo up; while :; do sleep 1; done' >out 2>err ||
	fail=1
test "$ms" -lt 5000 || note_ "SIGKILL came only after ${ms}ms" || fail=1

# With an output condition: what the output said before the silence
# still decides (here: never retried).
returns_ 124 "$RETRY" -a 3 -d 10ms --idle-timeout=200ms \
	--stop-if-output=fatal -- \
	sh -c 'echo . >>runs2; echo fatal: no disk; sleep 5' >out 2>err ||
	fail=1
test "$(nlines runs2)" -eq 1 || note_ "retried $(nlines runs2) times" ||
	fail=1

bad_value_ --idle-timeout abc || fail=1
bad_value_ --idle-timeout 5x || fail=1
bad_value_ --idle-timeout -1s || fail=1

Exit "$fail"
