#!/bin/sh
# SPDX-License-Identifier: ISC
# A redis: store that takes the connection but never answers: the store's
# call is cut at 250 ms, retry warns once and the command runs as without
# a budget.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"
# shellcheck source=lib-redis.sh
. "$TESTS_DIR/lib-redis.sh"

silent_listener_
timed_ 3 "$RETRY" -a 2 -d 1ms --budget=n --store="redis://127.0.0.1:$(cat port)" \
	-- sh -c 'echo . >>runs; exit 3' 2>err || fail=1
expect_runs 2 || fail=1
grep -q 'budget n cannot be used (.*no answer in time' err ||
	note_ "no warning:" "$(cat err)" || fail=1
test "$(grep -c 'cannot be used' err)" -eq 1 || note_ "not one warning" || fail=1
test "$ms" -ge 240 && test "$ms" -lt 3000 ||
	note_ "the store was waited for $ms ms, not 250" || fail=1

Exit "$fail"
