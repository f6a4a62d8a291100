#!/bin/sh
# SPDX-License-Identifier: ISC
# The redis: store: a retry that succeeds gives its token back; one that
# fails keeps it; a first attempt deposits the ratio.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"
# shellcheck source=lib-redis.sh
. "$TESTS_DIR/lib-redis.sh"

start_redis_
b="--budget=b --store=$url --budget-burst=10 --budget-ratio=0 --budget-rate=0/s"
tokens() { rcli_ hget retry:{b}:budget tokens; }
# shellcheck disable=SC2086
returns_ 1 "$RETRY" -a 3 -d 1ms $b -- sh flaky.sh 99 || fail=1
test "$(tokens)" = 8.000000000 || note_ "after 2 failed retries: $(tokens)" || fail=1
rm -f runs
# shellcheck disable=SC2086
returns_ 0 "$RETRY" -a 3 -d 1ms $b -- sh flaky.sh 2 || fail=1
test "$(tokens)" = 7.000000000 || note_ "after a failed and a good retry: $(tokens)" ||
	fail=1
# A first attempt deposits the ratio (0.5 here).
returns_ 1 "$RETRY" -a 1 --budget=b --store="$url" --budget-burst=10 \
	--budget-ratio=0.5 --budget-rate=0/s -- false || fail=1
test "$(tokens)" = 7.500000000 || note_ "after a deposit: $(tokens)" || fail=1

# After a burst's worth of failures in a row, the first success brings the
# bucket up to the burst, as the file store does.
r="--budget=r --store=$url --budget-burst=10 --budget-ratio=0 --budget-rate=0/s --budget-wait=0"
rtokens() { rcli_ hget retry:{r}:budget tokens; }
# shellcheck disable=SC2086
returns_ 1 "$RETRY" -a 11 -d 1ms $r -- false 2>/dev/null || fail=1
test "$(rtokens)" = 0.000000000 || note_ "after 11 failures: $(rtokens)" || fail=1
# shellcheck disable=SC2086
returns_ 0 "$RETRY" $r -- true || fail=1
test "$(rtokens)" = 10.000000000 || note_ "after the success: $(rtokens)" || fail=1

Exit "$fail"
