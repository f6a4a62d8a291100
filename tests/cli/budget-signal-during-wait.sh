#!/bin/sh
# SPDX-License-Identifier: ISC
# A stop signal during a wait for a token ends retry at once, as during a
# backoff sleep: it dies of the signal and starts nothing more.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

# No backoff sleep: once the second attempt is reaped, retry's only wait
# is the one for a token.
"$RETRY" -a 3 -d 0 --budget=s --store=file:"$PWD/st" \
	--budget-burst=1 --budget-ratio=0 --budget-rate=0/s \
	-- sh flaky.sh 99 2>err &
pid=$!
# The first retry took the only token; the second waits (for good).
wait_for_ 'test "$(nlines runs)" -ge 2 && idle_ $pid'
t0=$(now_ms)
kill -TERM $pid
wait $pid
st=$?
test $st -eq 143 || note_ "retry exited $st, not by SIGTERM (143)" || fail=1
test $(($(now_ms) - t0)) -lt 2000 || note_ "SIGTERM took too long" || fail=1
expect_runs 2 || fail=1

Exit "$fail"
