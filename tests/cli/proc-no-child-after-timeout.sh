#!/bin/sh
# SPDX-License-Identifier: ISC
# After a --timeout, nothing of the attempt is left: not the attempt, not what
# it started, even if they ignore the stop signal.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

m=$(marker_)
returns_ 124 dfl_ -- "$RETRY" -a 1 -t 200ms -k 300ms \
	sh -c 'echo $$ >>pids; trap "" TERM; sleep "$1" &
	while :; do sleep 0.05; done' sh "$m" 2>err || fail=1
pid=$(tail -n 1 pids)
expect_gone_ "$pid" || fail=1
gone_within_ -g "$pid" || fail=1
gone_within_ -f "sleep $m" || fail=1

Exit "$fail"
