#!/bin/sh
# SPDX-License-Identifier: ISC
# Every end of a run is counted, with retry's own exit status: a command
# not found (127), a run killed by a signal (SIGTERM to retry: 143), as
# well as a give-up and a success.  --dry-run runs nothing and writes no
# FILE.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-ci.sh
. "$TESTS_DIR/lib-ci.sh"

# Command not found.
returns_ 127 "$RETRY" --metrics=m -a 3 -d 0 no-such-command 2>err || fail=1
expect_metric_ retry_runs_total no-such-command 1 || fail=1
expect_metric_ retry_attempts_total no-such-command 1 || fail=1
expect_metric_ retry_give_ups_total no-such-command 1 || fail=1
expect_metric_ retry_last_run_status no-such-command 127 || fail=1

# SIGTERM to retry during an attempt.
"$RETRY" --metrics=m -a 3 -d 0 sh -c ': >started; exec sleep 30' 2>err &
pid=$!
i=0
while ! test -e started && test $i -lt 200; do sleep 0.05; i=$((i + 1)); done
test -e started || framework_failure_ "the command did not start"
kill -TERM "$pid"
wait "$pid"
st=$?
test "$st" -eq 143 || note_ "SIGTERM: retry's status $st, expected 143" ||
	fail=1
expect_metric_ retry_runs_total sh 1 || fail=1
expect_metric_ retry_attempts_total sh 1 || fail=1
expect_metric_ retry_give_ups_total sh 1 || fail=1
expect_metric_ retry_last_run_status sh 143 || fail=1
expect_metric_ retry_last_success_timestamp_seconds sh '' || fail=1
# The other label is still there.
expect_metric_ retry_runs_total no-such-command 1 || fail=1

# The statuses are the same without --metrics.
returns_ 127 "$RETRY" -a 3 -d 0 no-such-command 2>err || fail=1
returns_ 5 "$RETRY" --metrics=m -a 2 -d 0 sh -c 'exit 5' 2>err || fail=1
expect_metric_ retry_last_run_status sh 5 || fail=1
returns_ 5 "$RETRY" -a 2 -d 0 sh -c 'exit 5' 2>err || fail=1

# --dry-run: no FILE, not even an empty one; an existing FILE unchanged.
returns_ 0 "$RETRY" --metrics=dry -n -a 3 true >out 2>err || fail=1
test ! -e dry || note_ "--dry-run made FILE:" "$(cat dry)" || fail=1
cp m m.orig
returns_ 0 "$RETRY" --metrics=m --dry-run -a 3 true >out 2>err || fail=1
cmp -s m m.orig || note_ "--dry-run changed FILE:" "$(diff m.orig m)" || fail=1

Exit "$fail"
