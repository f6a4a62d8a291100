#!/bin/sh
# SPDX-License-Identifier: ISC
# --timeout and --deadline still stop the attempt when retry's stdout is a
# pipe that no one reads: retry never blocks in a write to it. Here retry
# copies the attempt's output (--stop-if-output) to a fifo never read.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

stalled_fifo_
for limit in -t -D; do
	drive_ -l 6 -- "$RETRY" -a 1 $limit 1 --stop-if-output=zzz -- \
		sh -c 'echo $$ >>pids; exec yes' >fifo 2>err 7>&-
	test "$how $num" = "exit 124" || note_ "$limit 1: expected exit" \
		"status 124, got: $how $num after ${ms}ms" || fail=1
	test "$ms" -lt 5000 || note_ "$limit 1: retry took ${ms}ms to end" ||
		fail=1
	gone_within_ -g "$(tail -n 1 pids)" || fail=1
done

Exit "$fail"
