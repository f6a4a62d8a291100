#!/bin/sh
# SPDX-License-Identifier: ISC
# With --foreground, --timeout still stops the command (124), and only the
# command: its children are left alone, as timeout --foreground does.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

m=$(marker_)
returns_ 124 "$RETRY" --foreground -a 1 -t 300ms \
	sh -c 'sleep "$1" & echo $! >>pids; echo $$ >>pids; exec sleep 10' \
	sh "$m" 2>err || fail=1
expect_gone_ "$(tail -n 1 pids)" || fail=1
test -n "$(live_ -f "sleep $m")" ||
	note_ "the command's child was signalled too" || fail=1

# And a retried timeout, as without --foreground.
rm -f runs
returns_ 124 "$RETRY" --foreground -a 2 --delay=0 -t 200ms \
	sh -c 'echo $$ >>pids; echo run >>runs; exec sleep 10' 2>err || fail=1
expect_runs 2 || fail=1

Exit "$fail"
