#!/bin/sh
# SPDX-License-Identifier: ISC
# A wait for a token ends at the deadline even when the cap would let it
# go on; the run gives up with the last attempt's status.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

# A cap of 30 s, a deadline of 600 ms, one token.
timed_ 1 "$RETRY" -a 5 -s constant -b 10ms -j none -c 30s -D 600ms \
	--budget=j --store=file:"$PWD/st" --budget-burst=1 --budget-ratio=0 \
	--budget-rate=0/s -- false 2>err || fail=1
test "$ms" -ge 550 && test "$ms" -lt 5000 ||
	note_ "the token wait did not end at the 600ms deadline ($ms ms)" || fail=1
grep -q 'giving up' err || note_ "no give-up message:" "$(cat err)" || fail=1

Exit "$fail"
