#!/bin/sh
# SPDX-License-Identifier: ISC
# --hedge: a copy that fails while an --on-retry hook runs is heard when
# the hook ends, and the copy after it starts as after a failure (its own
# hook first), not a DELAY later as a hedge.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

# Copy 1 fails at 1.2 s (a hook of 1 s follows); copy 2, a hedge at 1 s,
# fails at 1.5 s, during it. Copies 3 and 4 then start after a hook each
# (two in all: none follows copy 2, a hedge, or the last failures).
returns_ 1 "$RETRY" -v --hedge=1s -a 4 --on-retry='echo hook >>hooks; sleep 1' \
	-- sh -c 'echo "$RETRY_ATTEMPT" >>runs
	case $RETRY_ATTEMPT in 1) sleep 1.2 ;; 2) sleep 0.5 ;; *) sleep 2 ;; esac
	exit 1' >out 2>err || fail=1
expect_lines 4 runs || fail=1
expect_lines 2 hooks || fail=1
grep 'attempt 4/4 starting as a hedge' err >/dev/null &&
	note_ "copy 4 started as a hedge:" "$(cat err)" && fail=1

Exit "$fail"
