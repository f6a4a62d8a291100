#!/bin/sh
# SPDX-License-Identifier: ISC
# The counters go on from FILE's previous contents (they are read from the
# file, not kept elsewhere); the gauges are the last run's; the last
# success's time stays through later failures; other labels' series in
# FILE are kept as they were.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-ci.sh
. "$TESTS_DIR/lib-ci.sh"

# Another label's series, there first.
returns_ 1 "$RETRY" --metrics=m --metrics-label=other -a 2 -d 0 false 2>err ||
	fail=1
grep 'command="other"' m >other.before

# job: a give-up (2 attempts), a success after a retry (2), a give-up (1).
returns_ 1 "$RETRY" --metrics=m --metrics-label=job -a 2 -d 0 false 2>err ||
	fail=1
expect_metric_ retry_last_success_timestamp_seconds job '' || fail=1
returns_ 0 "$RETRY" --metrics=m --metrics-label=job -a 3 -d 0 sh flaky.sh 1 \
	2>err || fail=1
success=$(metric_ retry_last_run_timestamp_seconds job)
expect_metric_ retry_last_success_timestamp_seconds job "$success" || fail=1
sleep 0.01
returns_ 4 "$RETRY" --metrics=m --metrics-label=job -a 1 sh -c 'exit 4' \
	2>err || fail=1
expect_metric_ retry_runs_total job 3 || fail=1
expect_metric_ retry_attempts_total job 5 || fail=1
expect_metric_ retry_give_ups_total job 2 || fail=1
expect_metric_ retry_last_run_status job 4 || fail=1
expect_metric_ retry_last_run_attempts job 1 || fail=1
expect_metric_ retry_last_success_timestamp_seconds job "$success" || fail=1
test "$(metric_ retry_last_run_timestamp_seconds job)" != "$success" ||
	note_ "the last run's time is still the success's" || fail=1

# The other label's lines are the same.
grep 'command="other"' m >other.after
cmp -s other.before other.after ||
	note_ "the other label's series changed:" "$(diff other.before other.after)" ||
	fail=1

# The counts come from the file: set by hand, they go on from there.
sed 's/^\(retry_runs_total{command="job"}\) 3$/\1 1000/' m >m.new
mv m.new m
expect_metric_ retry_runs_total job 1000 || framework_failure_ "sed failed"
returns_ 0 "$RETRY" --metrics=m --metrics-label=job true || fail=1
expect_metric_ retry_runs_total job 1001 || fail=1
expect_metric_ retry_attempts_total job 6 || fail=1
expect_metric_ retry_give_ups_total job 2 || fail=1

Exit "$fail"
