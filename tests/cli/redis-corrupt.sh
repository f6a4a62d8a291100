#!/bin/sh
# SPDX-License-Identifier: ISC
# A redis: store whose keys hold what no run writes (a number out of range,
# not a number, inf): a warning, a fresh budget, never an unlimited one.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"
# shellcheck source=lib-redis.sh
. "$TESTS_DIR/lib-redis.sh"

start_redis_
for v in inf -1000 nan 1e300 x; do
	rcli_ hset retry:{k}:budget tokens "$v" at 1 >/dev/null
	rm -f runs
	returns_ 2 "$RETRY" -a 5 -d 1ms --budget=k --store="$url" --budget-burst=1 \
		--budget-ratio=0 --budget-rate=0/s --budget-wait=0 -- sh flaky.sh 99 2 2>err || fail=1
	# A fresh budget of 1: the first attempt and one retry.
	expect_runs 2 || note_ "tokens=$v" || fail=1
	grep -q 'starting a fresh budget' err || note_ "tokens=$v: no warning:" "$(cat err)" ||
		fail=1
	grep -q 'cannot be used' err && { note_ "tokens=$v: went without:" "$(cat err)"; fail=1; }
done

Exit "$fail"
