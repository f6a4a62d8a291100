#!/bin/sh
# SPDX-License-Identifier: ISC
# A redis: store that loses the scripts in the middle of a run (a restart,
# SCRIPT FLUSH): EVALSHA's NOSCRIPT is answered with EVAL, and the budget
# goes on without a warning.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"
# shellcheck source=lib-redis.sh
. "$TESTS_DIR/lib-redis.sh"

start_redis_
cat >cmd.sh <<EOS
echo . >>runs
redis-cli -p $port script flush >/dev/null
exit 5
EOS
returns_ 5 "$RETRY" -a 3 -d 1ms --budget=f --store="$url" --budget-burst=5 \
	--budget-ratio=0 --budget-rate=0/s -- sh cmd.sh 2>err || fail=1
expect_runs 3 || fail=1
grep -q 'cannot be used' err && { note_ "a warning:" "$(cat err)"; fail=1; }
test "$(rcli_ hget retry:{f}:budget tokens)" = 3.000000000 ||
	note_ "tokens:" "$(rcli_ hget retry:{f}:budget tokens)" || fail=1

Exit "$fail"
