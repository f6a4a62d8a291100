#!/bin/sh
# SPDX-License-Identifier: ISC
# With no deadline and no --budget-wait, a retry that finds no token waits
# for one as long as it takes (here far past the cap), then runs: a budget
# never strands a run. Its JSON event says the wait had no limit.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
require_python3_

# One token, a new one every 800ms, a cap of 10ms: attempt 3 waits for it.
timed_ 0 "$RETRY" --log-format=json -a 3 -s constant -b 10ms -j none -c 10ms \
	--budget=n --store=file:"$PWD/st" --budget-burst=1 --budget-ratio=0 \
	--budget-rate=1/800ms -- sh flaky.sh 2 2>log || fail=1
expect_runs 3 || fail=1
test "$ms" -ge 500 || note_ "attempt 3 did not wait for its token ($ms ms)" ||
	fail=1
python3 - log <<'PY' || fail=1
import json, sys
ev = [json.loads(l) for l in open(sys.argv[1])]
w = [e for e in ev if e["event"] == "budget_wait"]
assert len(w) == 1, ev
w = w[0]
assert w["got"] is True and w["reason"] == "token" and w["attempt"] == 3, w
assert w["limit_s"] is None, w
assert w["waited_s"] > 0.3, w
PY

Exit "$fail"
