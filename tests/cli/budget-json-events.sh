#!/bin/sh
# SPDX-License-Identifier: ISC
# With a budget, every JSON event names it with its tokens and circuit, and
# a wait for a token is an event of its own: how long, what for, and
# whether a token came.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
require_python3_

# shellcheck disable=SC2086
returns_ 1 "$RETRY" --log-format=json -a 3 -s constant -b 10ms -j none -c 200ms \
	--budget=j --store=file:"$PWD/st" --budget-burst=1 --budget-ratio=0 \
	--budget-rate=0/s --budget-wait=200ms -- false 2>log || fail=1
python3 - log <<'PY' || fail=1
import json, sys
ev = [json.loads(l) for l in open(sys.argv[1])]
kinds = [e["event"] for e in ev]
assert kinds == ["retry", "retry", "budget_wait", "give_up"], kinds
for e in ev:
    assert e["budget"] == "j" and e["circuit"] == "closed", e
assert [e["tokens"] for e in ev] == [1, 0, 0, 0], [e["tokens"] for e in ev]
w = ev[2]
assert w["reason"] == "token" and w["got"] is False, w
# --budget-wait (200ms) of waiting, give or take a loaded machine; the
# event says how long it might have lasted.
assert 0.19 <= w["waited_s"] < 2 and w["token_s"] > 0.15 and w["circuit_s"] == 0, w
assert w["limit_s"] == 0.2, w
assert ev[3]["reason"] == "budget" and ev[3]["status"] == 1, ev[3]
PY

Exit "$fail"
