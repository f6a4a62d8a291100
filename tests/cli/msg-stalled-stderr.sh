#!/bin/sh
# SPDX-License-Identifier: ISC
# retry's messages never block it when its stderr is a pipe that no one
# reads: each attempt fills the fifo and blocks, --timeout stops it, and
# retry goes on to the next attempt and ends, timers and all.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

stalled_fifo_

drive_ -l 10 -- "$RETRY" -a 3 -t 1 --delay=0 -- \
	sh -c 'echo $$ >>pids; head -c 300000 /dev/zero >&2' >out 2>fifo 7>&-
test "$how $num" = "exit 124" ||
	note_ "expected exit status 124, got: $how $num after ${ms}ms" || fail=1
test "$ms" -lt 8000 || note_ "retry took ${ms}ms to end" || fail=1
expect_lines 3 pids || fail=1
gone_within_ -g "$(tail -n 1 pids)" || fail=1

Exit "$fail"
