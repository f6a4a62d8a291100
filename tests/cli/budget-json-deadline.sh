#!/bin/sh
# With a budget, every JSON event names it with its tokens and circuit; a
# wait for a token is an event of its own; the wait ends at the deadline
# even when the cap would let it go on.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
require_python3_

b="--budget=j --store=file:$PWD/st --budget-burst=1 --budget-ratio=0 --budget-rate=0/s"
# shellcheck disable=SC2086
returns_ 1 "$RETRY" --log-format=json -a 3 -s constant -b 10ms -j none -c 200ms \
	$b -- false 2>log || fail=1
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
# One cap (200ms) of waiting, give or take a loaded machine.
assert 0.19 <= w["waited_s"] < 2 and w["token_s"] > 0.19 and w["circuit_s"] == 0, w
assert ev[3]["reason"] == "budget" and ev[3]["status"] == 1, ev[3]
PY

# A cap of 30 s, a deadline of 600 ms: the wait for a token ends at the
# deadline, with the last attempt's status.
rm -rf st
# shellcheck disable=SC2086
timed_ 1 "$RETRY" -a 5 -s constant -b 10ms -j none -c 30s -D 600ms $b \
	-- false 2>err || fail=1
test "$ms" -ge 550 && test "$ms" -lt 5000 ||
	note_ "the token wait did not end at the 600ms deadline ($ms ms)" || fail=1

Exit "$fail"
