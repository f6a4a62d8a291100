#!/bin/sh
# SPDX-License-Identifier: ISC
# --log-format=json: a run that retry ends by dying of a signal (passed on
# to the attempt, or an attempt the user interrupted) ends with an
# "interrupted" event: the signal and the summary. Not with -q; the text
# messages add nothing.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

# last.py FILE SIGNAL ATTEMPTS: the last event of FILE is "interrupted",
# with that signal and attempts_made, an outcome, and a total_s that is
# the run's time: its elapsed_s, no less than any event's before it, under
# 10 s; every line is JSON.
cat >last.py <<'PY'
import json, sys

events = [json.loads(line) for line in open(sys.argv[1], encoding="utf-8")]
e = events[-1] if events else {}
want = {"event": "interrupted", "signal": int(sys.argv[2]),
        "attempts_made": int(sys.argv[3]), "outcome": "interrupted"}
for k, v in want.items():
    if e.get(k) != v:
        sys.exit("%s is %r, expected %r: %r" % (k, e.get(k), v, events))
before = max([x.get("elapsed_s", 0) for x in events[:-1]] + [0])
if not before <= e["total_s"] < 10 or e["total_s"] != e["elapsed_s"]:
    sys.exit("total_s is not the run's time: %r" % e)
if [x for x in events[:-1] if "outcome" in x]:
    sys.exit("a summary before the end: %r" % events)
PY

# SIGTERM during the sleep after the first attempt (retry idle: the
# attempt reaped, retry asleep).
drive_ -w runs -z -k TERM -- "$RETRY" --log-format=json -a 5 \
	--delay=30s sh flaky.sh 99 2>err
expect_death_ TERM || fail=1
"$python_" last.py err 15 1 || fail=1
expect_lines 2 err || fail=1

# SIGTERM during the second attempt: passed on, then the same end.
rm -f runs
drive_ -u 'test "$(wc -l <runs)" -ge 2' -a -k TERM -- \
	"$RETRY" --log-format=json -a 5 \
	--delay=0 sh -c 'echo $$ >>pids; echo run >>runs
	test "$(wc -l <runs)" -ge 2 || exit 1; exec sleep 30' 2>err
expect_death_ TERM || fail=1
"$python_" last.py err 15 2 || fail=1

# An attempt that dies of SIGINT: the user interrupted; retry dies of it.
drive_ -l 5 -- "$RETRY" --log-format=json -a 5 --delay=0 \
	sh -c 'kill -INT $$' 2>err
expect_death_ INT || fail=1
"$python_" last.py err 2 1 || fail=1

# -q: nothing; text: only the retried failure's line.
rm -f runs
drive_ -w runs -z -k TERM -- "$RETRY" -q --log-format=json -a 5 \
	--delay=30s sh flaky.sh 99 2>err
expect_death_ TERM || fail=1
expect_empty err || fail=1
rm -f runs
drive_ -w runs -z -k TERM -- "$RETRY" -a 5 --delay=30s sh flaky.sh 99 \
	2>err
expect_death_ TERM || fail=1
expect_lines 1 err || fail=1

Exit "$fail"
