#!/bin/sh
# SPDX-License-Identifier: ISC
# --deadline stops the running attempt's whole process group: no grandchild is
# left.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

m=$(marker_)
returns_ 124 "$RETRY" -D 500ms \
	sh -c 'echo $$ >>pids; sleep "$1" & sleep "$1"' sh "$m" 2>err || fail=1
gone_within_ -f "sleep $m" || fail=1

# Also when the attempt survives the stop signal and --kill-after ends it.
m=$(marker_)
returns_ 124 dfl_ -- "$RETRY" -D 500ms -k 300ms \
	sh -c 'echo $$ >>pids; trap "" TERM; sleep "$1" & sleep "$1"' sh "$m" \
	2>err || fail=1
gone_within_ -f "sleep $m" || fail=1

Exit "$fail"
