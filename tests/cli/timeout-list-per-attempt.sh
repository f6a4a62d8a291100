#!/bin/sh
# SPDX-License-Identifier: ISC
# -t LIST: attempt n gets the nth limit. With -t 200ms,1s a command that
# takes 900ms is stopped in attempt 1 at about 200ms (124), and runs to
# its end, a success, in attempt 2; JSON carries each attempt's own limit.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
require_python3_
require_ns_date_

returns_ 0 "$RETRY" -v --log-format=json -t 200ms,1s --delay=0 -- \
	sh -c 'date +%s%N >>stamps; sleep 0.9; date +%s%N >>ends' \
	2>log || fail=1
expect_lines 2 stamps || fail=1
expect_lines 1 ends || fail=1
gap=$(gaps stamps)
# Stopped at 200ms: well before the 900ms it needs, not before the limit.
test "${gap:-0}" -ge 180 && test "${gap:-0}" -lt 800 ||
	note_ "attempt 2 started ${gap}ms after attempt 1, not ~200ms" ||
	fail=1
python3 - log <<'PY' || fail=1
import json, sys
ev = [json.loads(l) for l in open(sys.argv[1])]
kinds = [e["event"] for e in ev]
assert kinds == ["start", "retry", "start", "success"], kinds
assert ev[0]["timeout_s"] == 0.2 and ev[2]["timeout_s"] == 1, ev
assert ev[1]["status"] == 124 and ev[1]["timed_out"], ev[1]
assert ev[1]["timeout_s"] == 0.2, ev[1]
assert ev[3]["attempt"] == 2 and ev[3]["status"] == 0, ev[3]
PY
test "$fail" = 0 || cat log >&9

Exit "$fail"
