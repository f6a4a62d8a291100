#!/bin/sh
# SPDX-License-Identifier: ISC
# --hedge with --log-format=json: a "hedge" event for each copy started by
# DELAY, at the default verbosity, with the new copy's "attempt" and how
# long the newest copy had run ("after_s"); none for a copy started after a
# failure; the "success" event's "attempt" is the winner's. Every line is
# a JSON object.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

# check.py FILE HEDGES WINNER: FILE's lines are JSON objects with an event;
# the "hedge" events name attempts HEDGES (comma separated, or -), each
# with after_s between 0.25 and 5 (DELAY 300ms); with WINNER (not -), the
# last event is a "success" for that attempt.
cat >check.py <<'PY'
import json, sys

path, hedges, winner = sys.argv[1:4]
ev = []
for i, line in enumerate(open(path, encoding="utf-8"), 1):
    try:
        o = json.loads(line)
    except ValueError as e:
        sys.exit("line %d is not JSON (%s): %r" % (i, e, line))
    if not isinstance(o, dict) or not isinstance(o.get("event"), str):
        sys.exit("line %d is not an object with an event: %r" % (i, line))
    ev.append(o)
want = [] if hedges == "-" else [int(a) for a in hedges.split(",")]
got = [o for o in ev if o["event"] == "hedge"]
if [o.get("attempt") for o in got] != want:
    sys.exit("hedge events for attempts %r, expected %r: %r" %
             ([o.get("attempt") for o in got], want, ev))
for o in got:
    t = o.get("after_s")
    if isinstance(t, bool) or not isinstance(t, (int, float)) or not 0.25 <= t < 5:
        sys.exit("after_s is not ~0.3: %r" % o)
if winner != "-":
    last = ev[-1] if ev else {}
    if last.get("event") != "success" or last.get("attempt") != int(winner):
        sys.exit("the last event is not a success of attempt %s: %r" %
                 (winner, ev))
PY

# Copy 1 hangs; the hedge, copy 2, succeeds.
cat >copy.sh <<'SH' || framework_failure_ "cannot write copy.sh"
echo $$ >>pids
test "$RETRY_ATTEMPT" = 1 && exec sleep "$1"
exit 0
SH
m=$(marker_)
returns_ 0 "$RETRY" --log-format=json --hedge=300ms sh copy.sh "$m" \
	>out 2>err || fail=1
python3 check.py err 2 - || fail=1
expect_empty out || fail=1
m=$(marker_)
returns_ 0 "$RETRY" -v --log-format=json --hedge=300ms sh copy.sh "$m" \
	>out 2>err || fail=1
python3 check.py err 2 2 || fail=1
gone_within_ -f "sleep $m" || fail=1

# Copy 1 wins after the hedge (copy 2, which hangs) started.
cat >late.sh <<'SH' || framework_failure_ "cannot write late.sh"
echo $$ >>pids
test "$RETRY_ATTEMPT" = 1 || exec sleep "$1"
sleep 1
SH
m=$(marker_)
returns_ 0 "$RETRY" -v --log-format=json --hedge=300ms sh late.sh "$m" \
	>out 2>err || fail=1
python3 check.py err 2 1 || fail=1
gone_within_ -f "sleep $m" || fail=1

# Copy 1 fails at once, copy 2 starts after the failure and succeeds: a
# retry event, no hedge event.
rm -f runs
returns_ 0 "$RETRY" -v --log-format=json --hedge=300ms sh flaky.sh 1 \
	>out 2>err || fail=1
python3 check.py err - 2 || fail=1
grep -q '"event":"retry"' err || note_ "no retry event:" "$(cat err)" ||
	fail=1

Exit "$fail"
