#!/bin/sh
# SPDX-License-Identifier: ISC
# --reset-after: an attempt that ran at least DURATION before it failed is
# retried after the schedule's first delay, not the one it had grown to,
# and the schedule grows again from there; the attempts still count.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
require_python3_

# 100ms, 200ms, 400ms... without jitter; attempt 3 runs 1.2s, the rest
# fail at once, attempt 5 succeeds.
returns_ 0 "$RETRY" --log-format=json --seed=7 -a 5 -b 100ms -j none \
	--reset-after=1s -- sh -c 'echo run >>runs
		case $RETRY_ATTEMPT in 3) sleep 1.2 ;; 5) exit 0 ;; esac
		exit 1' 2>log || fail=1
expect_runs 5 || fail=1
python3 - log <<'PY' || fail=1
import json, sys
ev = [json.loads(l) for l in open(sys.argv[1])]
r = [e for e in ev if e["event"] == "retry"]
assert [e["attempt"] for e in r] == [1, 2, 3, 4], ev
# Not 0.4 after attempt 3: the first delay again, then the second.
assert [e["delay_s"] for e in r] == [0.1, 0.2, 0.1, 0.2], r
assert [e.get("backoff_reset", False) for e in r] == \
    [False, False, True, False], r
assert r[2]["ran_s"] >= 1.2, r[2]
assert ev[-1]["event"] == "success" and ev[-1]["attempt"] == 5, ev[-1]
PY
test "$fail" = 0 || cat log >&9

Exit "$fail"
