#!/bin/sh
# SPDX-License-Identifier: ISC
# The SPEC's bound, with the redis: store: 20 concurrent runs whose
# attempts all fail make at most N + burst + ratio x N + rate x T + 1
# attempts, and every run exits with the command's status.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"
# shellcheck source=lib-redis.sh
. "$TESTS_DIR/lib-redis.sh"

start_redis_
n=20
i=0
pids=
while test $i -lt $n; do
	( "$RETRY" -a 5 -d 10ms -c 200ms --budget=h --store="$url" \
		--budget-burst=5 --budget-ratio=0.1 --budget-rate=0/s --budget-wait=200ms \
		-- sh -c 'echo . >>runs; exit 3' 2>>err
	  echo $? >>statuses ) &
	pids="$pids $!"
	i=$((i + 1))
done
# Not a bare wait: the server is a child too.
# shellcheck disable=SC2086
wait $pids
runs=$(nlines runs)
# 20 + 5 + 2 + 0 + 1
test "$runs" -le 28 || note_ "$runs attempts: above the bound of 28" || fail=1
test "$runs" -ge 25 || note_ "$runs attempts: the burst was not used" || fail=1
test "$(sort -u statuses)" = 3 ||
	note_ "every run should exit 3:" "$(sort statuses | uniq -c)" || fail=1
grep -q 'cannot be used' err && { note_ "a run went without the budget:" \
	"$(grep 'cannot be used' err)"; fail=1; }

Exit "$fail"
