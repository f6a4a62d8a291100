#!/bin/sh
# SPDX-License-Identifier: ISC
# A second SIGTERM to retry, while the attempt ignores the first, kills the
# attempt's group: retry then dies of SIGTERM.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

# Each SIGTERM once retry is asleep in its event loop with none pending:
# the first taken (two pending at once would be one), passed on, ignored.
m=$(marker_)
drive_ -w runs -a -k TERM -a -k TERM -- "$RETRY" -a 5 --delay=0 \
	sh -c 'echo $$ >>pids; trap "" TERM; echo run >>runs
	sleep "$1" & while :; do sleep 0.05; done' sh "$m" 2>err
# Not "early": retry waited for the attempt after the first SIGTERM.
expect_death_ TERM || fail=1
expect_runs 1 || fail=1
test "$ms" -lt 3000 ||
	note_ "retry took ${ms}ms to die after the second SIGTERM" || fail=1
gone_within_ -g "$(tail -n 1 pids)" || fail=1
gone_within_ -f "sleep $m" || fail=1

Exit "$fail"
