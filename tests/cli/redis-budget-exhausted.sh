#!/bin/sh
# SPDX-License-Identifier: ISC
# The redis: store: a retry takes a token; with none left it waits at most
# --budget-wait, then gives up with the last status and says the budget is
# exhausted. A first attempt is never held back. The state is in the key
# retry:{NAME}:budget, which expires, and a dry run shows it.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"
# shellcheck source=lib-redis.sh
. "$TESTS_DIR/lib-redis.sh"

start_redis_
b="--budget=b --store=$url --budget-ratio=0 --budget-rate=0/s --budget-burst=1 --budget-wait=50ms"
# shellcheck disable=SC2086
returns_ 3 "$RETRY" -a 5 -d 10ms $b -- sh flaky.sh 99 3 2>err || fail=1
expect_runs 2 || fail=1
grep -q 'giving up: retry budget b exhausted' err ||
	note_ "no 'retry budget b exhausted':" "$(cat err)" || fail=1
test "$(rcli_ hget retry:{b}:budget tokens)" = 0.000000000 ||
	note_ "tokens:" "$(rcli_ hget retry:{b}:budget tokens)" || fail=1
ttl=$(rcli_ pttl retry:{b}:budget)
test "$ttl" -gt 0 || note_ "retry:{b}:budget does not expire ($ttl)" || fail=1
# The dry run reads the state from the server.
# shellcheck disable=SC2086
returns_ 0 "$RETRY" -n $b >out || fail=1
grep -q "^budget b in redis://127.0.0.1:$port/0: 0.00 of 1 tokens;" out ||
	note_ "dry run:" "$(cat out)" || fail=1
# Empty: first attempts still run, retries do not.
rm -f runs
# shellcheck disable=SC2086
returns_ 3 "$RETRY" -a 5 -d 10ms $b -- sh flaky.sh 99 3 2>err || fail=1
expect_runs 1 || fail=1

Exit "$fail"
