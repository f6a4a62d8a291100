#!/bin/sh
# SPDX-License-Identifier: ISC
# A server slow for a moment (here stopped until the run has warned; in
# the herd, a crowd
# of runs making their TLS handshakes at once): the first call runs out of
# its 250 ms and the run goes on without the budget, warned once, but the
# connection is kept with the replies it owes; the next attempt's call
# reads them and the budget works again, on the same connection (no new
# connection, no new TLS handshake). -v says when the store answers again.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"
# shellcheck source=lib-redis.sh
. "$TESTS_DIR/lib-redis.sh"

start_redis_
conns_() { rcli_ info stats | sed -n 's/^total_connections_received:\([0-9]*\).*/\1/p'; }
c0=$(conns_)
kill -STOP "$redis_pid"
{
	poll_ 'file_has_ err "budget k cannot be used ("'
	kill -CONT "$redis_pid"
} &
cont_pid=$!
# Attempts at 0, 0.8 and 1.6 s.
returns_ 3 "$RETRY" -v -a 3 -d 800ms --budget=k --store="$url" \
	--budget-burst=5 --budget-ratio=0 --budget-rate=0/s -- \
	sh -c 'echo . >>runs; exit 3' 2>err || fail=1
wait "$cont_pid"
expect_runs 3 || fail=1
test "$(grep -c 'budget k cannot be used (.*no answer in time)' err)" -eq 1 ||
	note_ "not one warning of no answer in time:" "$(cat err)" || fail=1
test "$(grep -c 'budget k: the store answers again' err)" -eq 1 ||
	note_ "-v did not say once that the store answers again:" \
		"$(cat err)" || fail=1
# Both retries took a token, after the first call's owed replies were
# read (the budget made when the server woke).
test "$(rcli_ hget 'retry:{k}:budget' tokens)" = 3.000000000 ||
	note_ "tokens:" "$(rcli_ hget 'retry:{k}:budget' tokens)" \
		"(2 retries should have taken 2 of 5)" "$(cat err)" || fail=1
# One connection for the run (conns_ and hget connect once each).
c1=$(conns_)
test $((c1 - c0)) -eq 3 ||
	note_ "the run connected $((c1 - c0 - 2)) times, not once" || fail=1

Exit "$fail"
