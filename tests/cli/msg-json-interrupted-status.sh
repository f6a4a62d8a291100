#!/bin/sh
# SPDX-License-Identifier: ISC
# --log-format=json: the "interrupted" event has a "status", as every
# event does: 128+N for signal N, what retry's exit status amounts to (a
# shell's $? after it). SIGPIPE, when the reader of stdout is gone while
# retry passes held output on, is such a death too.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

# last.py FILE SIGNAL: the last event of FILE is "interrupted", with that
# signal and status 128+SIGNAL.
cat >last.py <<'PY'
import json, sys

events = [json.loads(line) for line in open(sys.argv[1], encoding="utf-8")]
e = events[-1] if events else {}
sig = int(sys.argv[2])
want = {"event": "interrupted", "signal": sig, "status": 128 + sig}
for k, v in want.items():
    if e.get(k) != v:
        sys.exit("%s is %r, expected %r: %r" % (k, e.get(k), v, events))
PY

# SIGTERM during the sleep (retry idle: the attempt reaped, retry asleep):
# 143.
drive_ -w runs -z -k TERM -- "$RETRY" --log-format=json -a 5 \
	--delay=30s sh flaky.sh 99 2>err
expect_death_ TERM || fail=1
"$python_" last.py err 15 || fail=1

# An attempt that dies of SIGINT: 130.
drive_ -l 5 -- "$RETRY" --log-format=json -a 5 --delay=0 \
	sh -c 'kill -INT $$' 2>err
expect_death_ INT || fail=1
"$python_" last.py err 2 || fail=1

# Held output that nobody reads any more: SIGPIPE, 141.
{ yes; echo $? >direct; } 2>/dev/null | head -n 1 >/dev/null
if test "$(cat direct)" = 141; then
	{
		"$RETRY" --log-format=json -a 1 --stdout=hold seq 200000 2>err
		echo $? >status
	} | head -n 1 >/dev/null
	test "$(cat status)" = 141 ||
		note_ "status $(cat status):" "$(cat err)" || fail=1
	"$python_" last.py err 13 || fail=1
fi

Exit "$fail"
