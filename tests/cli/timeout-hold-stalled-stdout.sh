#!/bin/sh
# SPDX-License-Identifier: ISC
# --stdout=hold: the attempt's time limit covers handing on its output.  An
# attempt that succeeds at once, but whose 4 MB of held output cannot reach
# a stdout that no one reads, ends as timed out (124) when --timeout is up:
# retry never blocks in a write.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

stalled_fifo_

drive_ -l 6 -- "$RETRY" -a 1 -t 1 --stdout=hold -- \
	head -c 4000000 /dev/zero >fifo 2>err 7>&-
test "$how $num" = "exit 124" ||
	note_ "expected exit status 124, got: $how $num after ${ms}ms" || fail=1
test "$ms" -lt 5000 || note_ "retry took ${ms}ms to end" || fail=1

Exit "$fail"
