#!/bin/sh
# SPDX-License-Identifier: ISC
# Runs that end at the same time on one FILE lose no count: each one reads,
# adds and replaces under FILE.lock.  50 runs of `-a 2 -d 0 false` started
# together count 50 runs, 100 attempts and 50 give-ups, exactly, with
# the label once and no temporary file left.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-ci.sh
. "$TESTS_DIR/lib-ci.sh"

i=0
pids=''
while test $i -lt 50; do
	"$RETRY" --metrics=m -a 2 -d 0 false 2>/dev/null &
	pids="$pids $!"
	i=$((i + 1))
done
for p in $pids; do
	wait "$p"
	st=$?
	test "$st" -eq 1 || note_ "a run ended with status $st" || fail=1
done

expect_metric_ retry_runs_total false 50 || fail=1
expect_metric_ retry_attempts_total false 100 || fail=1
expect_metric_ retry_give_ups_total false 50 || fail=1
expect_metric_ retry_last_run_status false 1 || fail=1
test "$(grep -c '^retry_runs_total{' m)" -eq 1 ||
	note_ "the label is there more than once:" "$(cat m)" || fail=1
ls -a >files
grep '\.tmp' files >bad
expect_empty bad || fail=1

Exit "$fail"
