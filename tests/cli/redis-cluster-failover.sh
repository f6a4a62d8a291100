#!/bin/sh
# SPDX-License-Identifier: ISC
# A Redis Cluster whose master for the budget's slot dies: once its replica
# is promoted, a run pointed at a surviving node uses the budget, with the
# tokens it had before (no warning, no fresh budget); and so does a run
# that had started before, whose next call finds the node it was sent to
# by MOVED gone (the URL's node says where to go now).

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"
# shellcheck source=lib-redis.sh
. "$TESTS_DIR/lib-redis.sh"
# shellcheck source=lib-cluster.sh
. "$TESTS_DIR/lib-cluster.sh"

start_cluster_ 1
slot=$(slot_of_ 'retry:{f}:budget')
owner=$(owner_ "$slot")
test -n "$owner" || framework_failure_ "no owner for slot $slot"
other=$(master_but_ "$owner")
start_replica_ "$owner"

# A budget of 3 tokens, no deposits, no refill: 3 attempts take 2.
opts="--budget=f --store=redis://127.0.0.1:$other --budget-burst=3
	--budget-ratio=0 --budget-rate=0/s --budget-wait=0"
# shellcheck disable=SC2086 # one word per option
returns_ 1 "$RETRY" -a 3 -d 1ms $opts -- sh -c 'echo . >>runs1; exit 1' \
	2>err1 || fail=1
expect_runs 3 runs1 || fail=1
# A run whose first attempt lasts until ./go exists: its call for it went
# to the owner.
# shellcheck disable=SC2086 # one word per option
"$RETRY" -a 3 -d 1ms $opts -- \
	sh -c 'echo . >>runs3; until test -e go; do sleep 0.05; done; exit 1' \
	2>err3 9>&- &
run3=$!
bg_ $run3
wait_lines_ 1 runs3 || framework_failure_ "the first attempt did not start"
# The replica has every write the owner had (not WAIT: it waits only for
# the writes of its own connection, which has none).
offset_() {
	ccli_ "$1" info replication | sed -n "s/^$2:\([0-9]*\).*/\1/p"
}
target=$(offset_ "$owner" master_repl_offset)
until_ "the replica did not take the writes" \
	eval 'test "$(offset_ "$replica" slave_repl_offset)" -ge "$target"'

kill -s KILL "$(node_pid_ "$owner")"
i=0
until test "$(owner_ "$slot" "$other")" = "$replica" &&
	ccli_ "$other" cluster info | grep -q '^cluster_state:ok'; do
	i=$((i + 1))
	test $i -lt 200 || framework_failure_ "the replica was not promoted:" \
		"$(ccli_ "$other" cluster nodes)"
	sleep 0.05
done

# The one token left: 2 attempts of 3, and the budget is exhausted.
# shellcheck disable=SC2086 # one word per option
returns_ 1 "$RETRY" -a 3 -d 1ms $opts -- sh -c 'echo . >>runs2; exit 1' \
	2>err2 || fail=1
expect_runs 2 runs2 || fail=1
grep -q 'retry budget f exhausted' err2 ||
	note_ "the budget was not exhausted:" "$(cat err2)" || fail=1
if grep -q 'warning' err1 err2; then
	note_ "a run went without the budget:" "$(cat err1 err2)"
	fail=1
fi
test "$(ccli_ "$replica" exists 'retry:{f}:budget')" = 1 ||
	note_ "the budget is not on the promoted replica" || fail=1

# The run that started before: no token left for its second attempt.
: >go
wait $run3
st=$?
test "$st" = 1 || note_ "the run that started before exited $st" || fail=1
expect_runs 1 runs3 || fail=1
if grep -q 'warning' err3; then
	note_ "the run that started before went without the budget:" "$(cat err3)"
	fail=1
fi
grep -q 'retry budget f exhausted' err3 ||
	note_ "the run that started before did not find the budget exhausted:" \
		"$(cat err3)" || fail=1

Exit "$fail"
