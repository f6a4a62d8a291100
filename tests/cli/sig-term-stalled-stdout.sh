#!/bin/sh
# SPDX-License-Identifier: ISC
# SIGTERM still stops retry when its stdout is a pipe that no one reads:
# retry never blocks in a write to it.  Here retry copies the attempt's
# output (--stop-if-output) to a fifo that is never read.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

stalled_fifo_

# SIGTERM once the attempt, yes, sleeps: its pipe is full, as retry no
# longer reads it, with output it cannot write; and retry sleeps too.
drive_ -w pids -u 'grep -q "(yes) S" /proc/$(tail -n 1 pids)/stat' -a \
	-k TERM -l 6 -- "$RETRY" -a 1 --stop-if-output=zzz -- \
	sh -c 'echo $$ >>pids; exec yes' >fifo 2>err 7>&-
expect_death_ TERM || fail=1
test "$ms" -lt 3000 || note_ "retry took ${ms}ms to die" || fail=1
gone_within_ -g "$(tail -n 1 pids)" || fail=1

Exit "$fail"
