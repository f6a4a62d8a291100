#!/bin/sh
# SPDX-License-Identifier: ISC
# A command that cannot be run, with an output condition and a stderr
# whose reader stalls: retry reports it and ends at once with 127, never
# waiting for the reader (the deadline is not the bound either).

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

stalled_fifo_
# Fill the fifo first, so that every message of retry's has to wait.
head -c 65536 /dev/zero >fifo

drive_ -l 10 -- "$RETRY" -v -D 5 --stop-if-output=x -- ./no-such-command \
	>out 2>fifo 7>&-
test "$how $num" = "exit 127" ||
	note_ "expected exit status 127, got: $how $num after ${ms}ms" || fail=1
test "$ms" -lt 3000 || note_ "retry took ${ms}ms to end" || fail=1

Exit "$fail"
