#!/bin/sh
# SPDX-License-Identifier: ISC
# A redis: store key of the wrong type (a string, a list where a hash or a
# sorted set belongs) or a hash of fields no run writes is replaced by a
# fresh budget, in the server's script, with one warning: the budget is
# used at once, and the next run has no warning and finds the budget's
# state where it left it. A dry run says that a run would start afresh.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"
# shellcheck source=lib-redis.sh
. "$TESTS_DIR/lib-redis.sh"

start_redis_
b="--budget=w --store=$url --budget-ratio=0 --budget-rate=0/s --budget-burst=1 --budget-wait=0"

# spoil_ CASE: put what no run writes where budget w's keys go.
spoil_() {
	case $1 in
	budget-string) rcli_ set retry:{w}:budget x ;;
	budget-list) rcli_ rpush retry:{w}:budget a b ;;
	budget-hash) rcli_ hset retry:{w}:budget tokens x at y junk z ;;
	breaker-string) rcli_ set retry:{w}:breaker x ;;
	breaker-hash) rcli_ hset retry:{w}:breaker fails x junk z ;;
	hosts-list) rcli_ rpush retry:{w}:hosts a ;;
	esac >/dev/null
}

for c in budget-string budget-list budget-hash breaker-string breaker-hash \
	hosts-list; do
	rcli_ flushall >/dev/null
	spoil_ $c
	# The dry run says what a run would do, and changes nothing.
	case $c in
	budget-*)
		was=$(rcli_ dump retry:{w}:budget | cksum)
		# shellcheck disable=SC2086
		returns_ 0 "$RETRY" -n $b >out 2>&1 || note_ "$c: dry run" || fail=1
		grep -q '^(warning: .*starting a fresh budget)$' out &&
			grep -q '^budget w in .*(new)' out ||
			note_ "$c: dry run:" "$(cat out)" || fail=1
		test "$(rcli_ dump retry:{w}:budget | cksum)" = "$was" ||
			note_ "$c: the dry run changed the key" || fail=1
		;;
	esac
	rm -f runs
	# A fresh budget of 1: the first attempt and one retry.
	# shellcheck disable=SC2086
	returns_ 3 "$RETRY" -a 5 -d 1ms $b -- sh flaky.sh 99 3 2>err ||
		note_ "$c" || fail=1
	expect_runs 2 || note_ "$c" || fail=1
	n=$(grep -c 'warning: .*starting a fresh budget' err)
	test "$n" -eq 1 || note_ "$c: $n warnings of a fresh budget:" "$(cat err)" ||
		fail=1
	grep -q 'cannot be used' err && { note_ "$c: went without the budget"; fail=1; }
	for k in {w}:budget:hash {w}:breaker:hash {w}:hosts:zset; do
		t=$(rcli_ type "retry:${k%:*}")
		test "$t" = "${k##*:}" || note_ "$c: retry:${k%:*} is a $t" || fail=1
	done
	test "$(rcli_ hexists retry:{w}:budget junk)$(rcli_ hexists retry:{w}:breaker junk)" = 00 ||
		note_ "$c: a field no run writes was left" || fail=1
	# The budget works: its one token was spent, so no retry now; and
	# nothing more to warn about.
	rm -f runs
	# shellcheck disable=SC2086
	returns_ 3 "$RETRY" -a 5 -d 1ms $b -- sh flaky.sh 99 3 2>err ||
		note_ "$c: second run" || fail=1
	expect_runs 1 || note_ "$c: second run" || fail=1
	grep -q 'retry budget w exhausted' err ||
		note_ "$c: second run, no budget:" "$(cat err)" || fail=1
	grep -q 'warning' err && { note_ "$c: second run warned"; fail=1; }
done

Exit "$fail"
