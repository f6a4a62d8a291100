#!/bin/sh
# SPDX-License-Identifier: ISC
# --metrics=FILE: at the end of a run, FILE holds Prometheus' text format:
# the counters retry_runs_total, retry_attempts_total, retry_give_ups_total
# and the gauges retry_last_run_status, retry_last_run_attempts,
# retry_last_run_duration_seconds, retry_last_run_timestamp_seconds and
# retry_last_success_timestamp_seconds, each with its # HELP and # TYPE,
# the samples NAME{command="LABEL"} VALUE; the last family has no sample
# for a label that never succeeded.  retry's exit status is unchanged.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-ci.sh
. "$TESTS_DIR/lib-ci.sh"

counters='retry_runs_total retry_attempts_total retry_give_ups_total'
gauges='retry_last_run_status retry_last_run_attempts
retry_last_run_duration_seconds retry_last_run_timestamp_seconds
retry_last_success_timestamp_seconds'

# A give-up after 3 attempts, status 3, about 0.3 s.
t0=$(date +%s)
returns_ 3 "$RETRY" --metrics=m -a 3 -d 0.15 -j none sh flaky.sh 9 3 \
	2>err || fail=1
t1=$(date +%s)
test -f m || fail_ "no metrics file"

# The families, each as # HELP, # TYPE, then its samples.
for f in $counters $gauges; do
	case " $counters " in
	*" $f "*) type=counter ;;
	*) type=gauge ;;
	esac
	grep -n "^# HELP $f [^ ]" m >helpline || note_ "no # HELP for $f:" "$(cat m)" ||
		fail=1
	grep -n "^# TYPE $f $type\$" m >typeline || note_ "no # TYPE $f $type:" \
		"$(cat m)" || fail=1
	test "$(cut -d: -f1 typeline)" -eq $(($(cut -d: -f1 helpline) + 1)) ||
		note_ "# TYPE $f is not right after its # HELP:" "$(cat m)" || fail=1
done
head -n 1 m | grep -q '^# HELP retry_' ||
	note_ "the file does not start with # HELP retry_:" "$(cat m)" || fail=1
# Nothing else: comments of those families, and samples with one label.
grep -v -E '^# (HELP|TYPE) retry_[a-z_]+ .' m |
	grep -v -E '^retry_[a-z_]+\{command="sh"\} [0-9.e+-]+$' >bad
expect_empty bad || fail=1

expect_metric_ retry_runs_total sh 1 || fail=1
expect_metric_ retry_attempts_total sh 3 || fail=1
expect_metric_ retry_give_ups_total sh 1 || fail=1
expect_metric_ retry_last_run_status sh 3 || fail=1
expect_metric_ retry_last_run_attempts sh 3 || fail=1
expect_metric_ retry_last_success_timestamp_seconds sh '' || fail=1
d=$(metric_ retry_last_run_duration_seconds sh)
awk -v d="$d" 'BEGIN { exit !(d + 0 >= 0.25 && d + 0 < 5) }' ||
	note_ "the duration is $d, expected about 0.3 s" || fail=1
ts=$(metric_ retry_last_run_timestamp_seconds sh)
awk -v t="$ts" -v a="$t0" -v b="$t1" 'BEGIN { exit !(t >= a - 1 && t <= b + 1) }' ||
	note_ "the run's time is $ts, not between $t0 and $t1" || fail=1

# A success after a retry: its time is the last success's.
rm -f runs
returns_ 0 "$RETRY" --metrics=m2 -a 3 -d 0 sh flaky.sh 1 3 2>err || fail=1
expect_metric_ retry_runs_total sh 1 m2 || fail=1
expect_metric_ retry_attempts_total sh 2 m2 || fail=1
expect_metric_ retry_give_ups_total sh 0 m2 || fail=1
expect_metric_ retry_last_run_status sh 0 m2 || fail=1
expect_metric_ retry_last_run_attempts sh 2 m2 || fail=1
ts=$(metric_ retry_last_run_timestamp_seconds sh m2)
test -n "$ts" && expect_metric_ retry_last_success_timestamp_seconds sh "$ts" m2 ||
	fail=1

Exit "$fail"
