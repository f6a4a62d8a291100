#!/bin/sh
# SPDX-License-Identifier: ISC
# --log-format=json: every event carries the wall-clock "time" (RFC 3339
# UTC with milliseconds, close to date(1)'s) and the "run_id" that the
# attempts saw in RETRY_RUN_ID (a nested retry: its own, not the outer one).

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
require_python3_

cat >check.py <<'PY'
import datetime, json, re, sys

log, ids, before, after = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
seen = set(open(ids).read().split())
if len(seen) != 1:
    sys.exit("the attempts saw run ids %r" % seen)
run_id = seen.pop()
events = [json.loads(line) for line in open(log, encoding="utf-8")]
if len(events) < 4:
    sys.exit("too few events: %r" % events)
last = None
for e in events:
    t = e.get("time")
    if not isinstance(t, str) or not re.fullmatch(
            r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z", t):
        sys.exit("no RFC 3339 UTC time with milliseconds: %r" % e)
    when = datetime.datetime.strptime(t, "%Y-%m-%dT%H:%M:%S.%fZ").replace(
        tzinfo=datetime.timezone.utc).timestamp()
    # date +%s cuts to the second; allow a few seconds either side.
    if not before - 3 <= when <= after + 3:
        sys.exit("time %s is not between %d and %d: %r" % (t, before, after, e))
    if last is not None and when < last:
        sys.exit("time went back at %r" % e)
    last = when
    if e.get("run_id") != run_id:
        sys.exit("run_id is not the attempts' %s: %r" % (run_id, e))
print(" ".join(e["event"] for e in events))
PY

# -v: start, retry and success events too; nested: a nested event first.
before=$(date +%s)
returns_ 0 env RETRY_RUN_ID=0123456789abcdef0123456789abcdef \
	"$RETRY" -v --log-format=json -a 3 --delay=10ms \
	sh -c 'echo "$RETRY_RUN_ID" >>ids; sh flaky.sh 1' 2>err || fail=1
after=$(date +%s)
python3 check.py err ids "$before" "$after" >events || fail=1
test "$(cat events)" = "nested start retry start success" ||
	note_ "unexpected events: $(cat events)" || fail=1
grep 0123456789abcdef0123456789abcdef err >/dev/null &&
	note_ "the outer run's id is in the log:" "$(cat err)" && fail=1

# The default verbosity, a run that gives up, and a hook's event.
rm -f ids runs
before=$(date +%s)
returns_ 1 "$RETRY" --log-format=json -a 3 --delay=0 --on-retry=false \
	sh -c 'echo "$RETRY_RUN_ID" >>ids; exit 1' 2>err || fail=1
after=$(date +%s)
python3 check.py err ids "$before" "$after" >events || fail=1
test "$(cat events)" = "retry hook retry hook give_up" ||
	note_ "unexpected events: $(cat events)" || fail=1

Exit "$fail"
