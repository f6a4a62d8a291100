#!/bin/sh
# SPDX-License-Identifier: ISC
# A server (or a load balancer before it) that closes idle connections, as
# managed Redis services do: the next call of the run connects again and
# the budget goes on, with no warning. Here redis-server --timeout 1
# closes the run's connection while it sleeps 2.5 s between attempts (an
# idle time of more than 1 s, in whole seconds as the server counts).

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"
# shellcheck source=lib-redis.sh
. "$TESTS_DIR/lib-redis.sh"

start_redis_ --timeout 1
conns_() { rcli_ info stats | sed -n 's/^total_connections_received:\([0-9]*\).*/\1/p'; }
c0=$(conns_)
returns_ 3 "$RETRY" -a 2 -d 2500ms --budget=i --store="$url" \
	--budget-burst=5 --budget-rate=0/s -- sh -c 'exit 3' 2>err || fail=1
grep -q 'cannot be used' err && { note_ "the budget was dropped:" "$(cat err)"; fail=1; }
# The first attempt's deposit (5 + 0.1, capped at 5) and the retry's
# token: 4 left, so the retry's call reached the server.
test "$(rcli_ hget 'retry:{i}:budget' tokens)" = 4.000000000 ||
	note_ "tokens:" "$(rcli_ hget 'retry:{i}:budget' tokens)" || fail=1
# The server did close the connection between the two calls: the run
# connected twice (the redis-cli of conns_ and hget once each).
c1=$(conns_)
test $((c1 - c0)) -eq 4 ||
	note_ "the run connected $((c1 - c0 - 2)) times, not twice" || fail=1

Exit "$fail"
