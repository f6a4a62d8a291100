#!/bin/sh
# SPDX-License-Identifier: ISC
# --stdout=hold: SIGTERM still stops retry while it hands on a successful
# attempt's 4 MB of held output to a stdout that no one reads: retry never
# blocks in a write.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

stalled_fifo_

# SIGTERM once the attempt is over and retry sleeps with output it cannot
# write (idle: asleep, no child).
drive_ -z -k TERM -l 6 -- "$RETRY" -a 1 --stdout=hold -- \
	head -c 4000000 /dev/zero >fifo 2>err 7>&-
expect_death_ TERM || fail=1
test "$ms" -lt 3000 || note_ "retry took ${ms}ms to die" || fail=1

Exit "$fail"
