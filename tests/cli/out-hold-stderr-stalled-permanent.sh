#!/bin/sh
# SPDX-License-Identifier: ISC
# A permanent status stays permanent when its held output, sent to a
# stderr that no one reads, is cut short at the attempt's --timeout: the
# run ends (124: the output was not read in time) and the command is not
# run again.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

stalled_fifo_

drive_ -l 20 -- "$RETRY" -a 3 -t 1s -x 3 --stdout=hold -- \
	sh -c 'echo run >>runs; head -c 300000 /dev/zero; exit 3' \
	>out 2>fifo 7>&-
test "$how $num" = "exit 124" ||
	note_ "expected exit status 124, got: $how $num after ${ms}ms" || fail=1
expect_runs 1 || fail=1
expect_empty out || fail=1

Exit "$fail"
