#!/bin/sh
# SPDX-License-Identifier: ISC
# --http --log-format=json: that curl's output held no HTTP status line is
# a "notice" event, once a run, before the attempt's own event.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

# shellcheck source=lib-http.sh
. "$TESTS_DIR/lib-http.sh"
require_python3_

serve_ 404
returns_ 22 "$RETRY" --log-format=json --http -a 2 --delay=10ms -- \
	curl -q -fsS "$url" >out 2>err || fail=1
expect_lines 2 log || fail=1
grep '^{' err >events
python3 - events <<'PY' || fail=1
import json, sys
ev = [json.loads(l) for l in open(sys.argv[1])]
kinds = [e["event"] for e in ev]
assert kinds == ["notice", "retry", "give_up"], kinds
m = ev[0]["message"]
assert m.startswith("--http: no HTTP status line in curl's output: "
                    "add -D /dev/stderr (or -i)"), m
assert ev[0]["command"] == "curl", ev[0]
assert "http_status" not in ev[1] and ev[1]["status"] == 22, ev[1]
PY

Exit "$fail"
