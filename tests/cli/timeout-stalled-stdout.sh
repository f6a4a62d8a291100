#!/bin/sh
# --timeout still stops the attempt when retry's stdout is a pipe that no
# one reads: retry never blocks in a write to it.  Here retry copies the
# attempt's output (--stop-if-output) to a fifo that is never read.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

mkfifo fifo || framework_failure_ "cannot make a fifo"
# Held open and never read: a write blocks once the fifo's buffer is full.
exec 7<>fifo || framework_failure_ "cannot open the fifo"
at_exit_ 'exec 7>&-'

drive_ -l 6 -- "$RETRY" -a 1 -t 1 --stop-if-output=zzz -- \
	sh -c 'echo $$ >>pids; exec yes' >fifo 2>err 7>&-
test "$how $num" = "exit 124" ||
	note_ "expected exit status 124, got: $how $num after ${ms}ms" || fail=1
test "$ms" -lt 5000 || note_ "retry took ${ms}ms to end" || fail=1
gone_within_ -g "$(tail -n 1 pids)" || fail=1

Exit "$fail"
