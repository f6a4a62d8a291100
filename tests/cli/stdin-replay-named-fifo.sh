#!/bin/sh
# SPDX-License-Identifier: ISC
# A named FIFO on stdin whose writer has come and gone before retry starts:
# replay still sees its end, so the attempt gets end of file and the run
# ends at once. (Linux holds back POLLHUP on a description of a FIFO
# opened while it had no writer: retry polls the one it was given.)

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

mkfifo fifo || framework_failure_ "cannot make a fifo"
printf 'hi\n' >fifo &
writer=$!
# The shell opens the FIFO for reading (the writer then writes and ends);
# retry starts only after the writer is gone.
timed_ 0 timeout -s KILL 10 sh -c 'wait_for() { while kill -0 "$1" 2>/dev/null;
	do sleep 0.05; done; }; wait_for "$1"; shift; exec "$@"' sh "$writer" \
	"$RETRY" -a 1 -- cat <fifo >out 2>err || fail=1
wait "$writer"
test "$(cat out)" = hi || note_ "the attempt read: $(cat out)" || fail=1
test "$ms" -lt 5000 || note_ "retry took ${ms}ms to end" || fail=1

Exit "$fail"
