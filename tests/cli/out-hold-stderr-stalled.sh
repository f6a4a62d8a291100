#!/bin/sh
# SPDX-License-Identifier: ISC
# --stdout=hold sends a failed attempt's output to stderr. When no one
# reads that stderr, the deadline ends the run on time, and as a deadline
# does: 124, as for a stalled stdout, not the attempt's own status 1.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

stalled_fifo_

drive_ -l 20 -- "$RETRY" -a 2 -D 2 --stdout=hold -- \
	sh -c 'head -c 300000 /dev/zero; exit 1' >out 2>fifo 7>&-
test "$how $num" = "exit 124" ||
	note_ "expected exit status 124, got: $how $num after ${ms}ms" || fail=1
test "$ms" -lt 10000 || note_ "retry took ${ms}ms to end" || fail=1
expect_empty out || fail=1

Exit "$fail"
