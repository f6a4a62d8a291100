#!/bin/sh
# SPDX-License-Identifier: ISC
# A redis: store that dies in the middle of a run: the run warns once,
# goes on as without a budget and ends with the command's status.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"
# shellcheck source=lib-redis.sh
. "$TESTS_DIR/lib-redis.sh"

start_redis_
# The second attempt kills the server; five attempts run all the same.
cat >cmd.sh <<EOS
echo . >>runs
test "\$(wc -l <runs)" -eq 2 && kill -9 $redis_pid
exit 4
EOS
returns_ 4 "$RETRY" -a 5 -d 10ms --budget=d --store="$url" --budget-burst=2 \
	--budget-ratio=0 --budget-rate=0/s -- sh cmd.sh 2>err || fail=1
expect_runs 5 || fail=1
test "$(grep -c 'budget d cannot be used' err)" -eq 1 ||
	note_ "not one warning:" "$(cat err)" || fail=1

Exit "$fail"
