#!/bin/sh
# SPDX-License-Identifier: ISC
# -vv --log-format=json: the start events have the command line, and the
# retry events the backoff's parts (backoff_s, its base, cap and ceiling,
# the jitter, its draw and range); -v's have neither.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
require_python3_

for v in -v -vv; do
	returns_ 3 "$RETRY" $v --log-format=json -a 2 --seed=5 -b 10ms \
		-j full -- sh -c 'exit 3' sh 'a b' 2>"log$v" || fail=1
done
python3 - log-v log-vv <<'PY' || fail=1
import json, sys
v = [json.loads(l) for l in open(sys.argv[1])]
vv = [json.loads(l) for l in open(sys.argv[2])]
kinds = [e["event"] for e in vv]
assert kinds == ["start", "retry", "start", "give_up"], kinds
for e in v:
    assert "command_line" not in e and "backoff_s" not in e, e
assert [e["event"] for e in v] == kinds, v
for e in (vv[0], vv[2]):
    assert e["command_line"] == "sh -c 'exit 3' sh 'a b'", e
r = vv[1]
assert r["backoff_s"] == r["delay_s"] == 0.002884, r
assert r["backoff_base_s"] == 0.01 and r["backoff_cap_s"] == 60, r
assert r["backoff_ceiling_s"] == 0.01 and r["jitter"] == "full", r
assert abs(r["jitter_draw"] - 0.2884) < 0.001, r
assert r["jitter_lo_s"] == 0 and r["jitter_hi_s"] == 0.01, r
PY

Exit "$fail"
