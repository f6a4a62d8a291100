#!/bin/sh
# SPDX-License-Identifier: ISC
# A store that fails at a run's start (here nothing listens yet; in the
# herd, a crowd of runs making their TLS handshakes at once) serves the
# rest of the run once it answers: the run warns once, goes on without
# the budget for a second (the store rests), then asks it again and takes
# its tokens. -v says when it answers again.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"
# shellcheck source=lib-redis.sh
. "$TESTS_DIR/lib-redis.sh"

port=$(free_port_)
# Attempts at 0, 1.2, 2.4 and 3.6 s; the server starts once the first
# found none, and warned.
"$RETRY" -v -a 4 -d 1200ms --budget=b \
	--store="redis://127.0.0.1:$port" --budget-burst=5 --budget-ratio=0 \
	--budget-rate=0/s -- sh -c 'echo . >>runs; exit 3' 2>err &
run_pid=$!
wait_for_ 'file_has_ err "budget b cannot be used"'
set_port_=1 start_redis_
wait "$run_pid"
rc=$?
test "$rc" -eq 3 || note_ "exit status $rc, not 3:" "$(cat err)" || fail=1
expect_runs 4 || fail=1
test "$(grep -c 'budget b cannot be used' err)" -eq 1 ||
	note_ "not one warning:" "$(cat err)" || fail=1
test "$(grep -c 'budget b: the store answers again' err)" -eq 1 ||
	note_ "-v did not say once that the store answers again:" \
		"$(cat err)" || fail=1
# The first attempt found no store; the three retries took a token each
# from the new budget of 5.
test "$(rcli_ hget 'retry:{b}:budget' tokens)" = 2.000000000 ||
	note_ "tokens:" "$(rcli_ hget 'retry:{b}:budget' tokens)" \
		"(3 retries should have taken 3 of 5)" "$(cat err)" || fail=1

Exit "$fail"
