#!/bin/sh
# SPDX-License-Identifier: ISC
# --log-format=json: the event that ends a run carries its summary for CI
# (attempts_made, total_s, outcome), with no extra line: give_up and
# exec_failed always, success after a retry by default (a first-try
# success stays silent unless -v), a circuit open before any attempt; -q
# prints nothing.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
require_python3_

# check.py FILE EVENTS [KEY=VALUE]...: FILE holds exactly the events named
# (space separated); the last one has a summary whose fields are KEY=VALUE
# (numbers or strings) and total_s equal to its elapsed_s; no other event
# has a summary.
cat >check.py <<'PY'
import json, sys

path, names, want = sys.argv[1], sys.argv[2].split(), sys.argv[3:]
events = [json.loads(line) for line in open(path, encoding="utf-8")]
got = [e["event"] for e in events]
if got != names:
    sys.exit("events %r, expected %r" % (got, names))
if not events:
    sys.exit(0)
*rest, end = events
for e in rest:
    if "outcome" in e or "attempts_made" in e:
        sys.exit("a summary before the end: %r" % e)
for kv in want:
    k, v = kv.split("=", 1)
    v = int(v) if v.isdigit() else v
    if end.get(k) != v:
        sys.exit("%s is %r, expected %r: %r" % (k, end.get(k), v, end))
t = end.get("total_s")
if isinstance(t, bool) or not isinstance(t, (int, float)) or t != end["elapsed_s"]:
    sys.exit("total_s is not the run's time: %r" % end)
PY

# check EXPECTED-STATUS EVENTS KEY=VALUE... -- RETRY-ARGS...
check() {
	st_=$1 evs_=$2
	shift 2
	want_=
	while test "$1" != --; do want_="$want_ $1"; shift; done
	shift
	rm -f runs
	returns_ "$st_" "$RETRY" --log-format=json "$@" 2>err || return 1
	# shellcheck disable=SC2086 # one word per field
	python3 check.py err "$evs_" $want_ ||
		note_ "retry $*:" "$(cat err)"
}

check 3 "retry retry give_up" attempts_made=3 outcome=gave_up status=3 \
	reason=attempts -- -a 3 --delay=10ms sh flaky.sh 99 3 || fail=1
check 4 "give_up" attempts_made=1 outcome=gave_up reason=permanent \
	-- -a 3 -x 4 --delay=0 sh flaky.sh 99 4 || fail=1
check 0 "retry retry success" attempts_made=3 outcome=succeeded status=0 \
	-- -a 5 --delay=0 sh flaky.sh 2 || fail=1
check 0 "" -- -a 5 --delay=0 sh flaky.sh 0 || fail=1
check 0 "start success" attempts_made=1 outcome=succeeded \
	-- -v -a 5 --delay=0 sh flaky.sh 0 || fail=1
check 127 "exec_failed" attempts_made=1 outcome=exec_failed status=127 \
	-- -a 5 no-such-command-for-retry-tests || fail=1
# Quiet: not a line, whatever the end.
check 3 "" -- -q -a 2 --delay=0 sh flaky.sh 99 3 || fail=1
check 0 "" -- -q -a 3 --delay=0 sh flaky.sh 1 || fail=1
# A circuit that opened: the next run, which may not wait
# (--budget-wait=0), gives up before any attempt (75).
check 1 "give_up" attempts_made=1 outcome=gave_up -- -a 1 \
	--budget=s --store="file:$PWD/store" --breaker=1/1m --budget-wait=0 false || fail=1
check 75 "give_up" attempts_made=0 outcome=gave_up reason=circuit \
	status=75 -- -a 3 --budget=s --store="file:$PWD/store" \
	--breaker=1/1m --budget-wait=0 false || fail=1
# And a run that had a retry when the circuit opened: the summary counts it.
check 1 "retry give_up" attempts_made=1 outcome=gave_up reason=circuit \
	-- -a 3 --delay=0 --budget=t --store="file:$PWD/store" \
	--breaker=1/1m --budget-wait=0 false || fail=1

Exit "$fail"
