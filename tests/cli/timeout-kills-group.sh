#!/bin/sh
# SPDX-License-Identifier: ISC
# --timeout stops the attempt's whole process group: no grandchild is left.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

m=$(marker_)
returns_ 124 "$RETRY" -a 1 -t 300ms \
	sh -c 'echo $$ >>pids; sleep "$1" & sleep "$1"' sh "$m" 2>err || fail=1
gone_within_ -f "sleep $m" || fail=1

# With retries too: each attempt's group is stopped.
m=$(marker_)
returns_ 124 "$RETRY" -a 2 --delay=0 -t 300ms \
	sh -c 'echo $$ >>pids; sleep "$1" & sleep "$1"' sh "$m" 2>err || fail=1
gone_within_ -f "sleep $m" || fail=1

Exit "$fail"
