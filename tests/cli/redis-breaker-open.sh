#!/bin/sh
# SPDX-License-Identifier: ISC
# The redis: store: K failed attempts in a row open the circuit (kept in
# retry:{NAME}:breaker); a run that finds it open exits 75 without running
# the command; after DURATION a probe's success closes it.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"
# shellcheck source=lib-redis.sh
. "$TESTS_DIR/lib-redis.sh"

start_redis_
b="--budget=c --store=$url --breaker=3/1500ms"
# shellcheck disable=SC2086
returns_ 2 "$RETRY" -a 5 -d 1ms --budget-wait=0 $b -- sh flaky.sh 99 2 2>err || fail=1
expect_runs 3 || fail=1
grep -q 'giving up: circuit c open for' err || note_ "not open:" "$(cat err)" || fail=1
rm -f runs
# shellcheck disable=SC2086
returns_ 75 "$RETRY" --budget-wait=0 $b -- sh flaky.sh 0 2>err || fail=1
expect_runs 0 || fail=1
test "$(rcli_ hget retry:{c}:breaker open_until)" -gt 0 || fail=1
# Waiting out the circuit (no deadline: as long as it takes), the probe
# succeeds and closes it.
# shellcheck disable=SC2086
timed_ 0 "$RETRY" $b -- sh flaky.sh 0 2>err || fail=1
test "$ms" -ge 300 || note_ "did not wait for the circuit ($ms ms)" || fail=1
test "$(rcli_ hget retry:{c}:breaker open_until)" = 0 ||
	note_ "still open:" "$(rcli_ hgetall retry:{c}:breaker)" || fail=1
# shellcheck disable=SC2086
returns_ 0 "$RETRY" -D 100ms $b -- true || fail=1

Exit "$fail"
