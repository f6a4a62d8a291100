#!/bin/sh
# SPDX-License-Identifier: ISC
# --successes: after a success short of N in a row, the next attempt comes
# after the first delay and the schedule starts again from there: a
# failure after it waits the second delay. With --delay=10ms,20ms,40ms
# and a command that fails on its 2nd and 4th runs, --successes=3 sleeps
# 10ms (after a success), 20ms (a failure), 10ms (a success: the schedule
# again), 20ms (a failure: its second delay), then 10ms and 10ms; the JSON
# log has a "success_in_a_row" event for each success short of 3, with
# the count, and the delay. With jitter, --seed gives the same delays
# twice, and each sleep after a success is within the first delay's range.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
require_python3_

cat >fails.sh <<'SH' || framework_failure_ "cannot write fails.sh"
echo run >>runs
n=$(wc -l <runs)
test "$n" -ne 2 && test "$n" -ne 4
SH

# check.py FILE WANT: FILE's events, as "event:successes:delay_ms" words.
cat >check.py <<'PY'
import json, sys

got = []
for line in open(sys.argv[1], encoding="utf-8"):
    o = json.loads(line)
    d = o.get("delay_s")
    got.append("%s:%s:%s" % (o["event"], o.get("successes", "-"),
                             "-" if d is None else round(d * 1000)))
if " ".join(got) != sys.argv[2]:
    sys.exit("events %s\nexpected %s" % (" ".join(got), sys.argv[2]))
PY

returns_ 0 "$RETRY" --successes=3 -a 10 --delay=10ms,20ms,40ms --log-format=json \
	sh fails.sh 2>err || fail=1
expect_runs 7 || fail=1
python3 check.py err "success_in_a_row:1:10 retry:0:20 success_in_a_row:1:10 \
retry:0:20 success_in_a_row:1:10 success_in_a_row:2:10 success:3:-" ||
	fail=1

# Jittered: the same seed, the same delays; after a success, the first
# delay's range (equal jitter of 100ms: 50ms..100ms).
cat >range.py <<'PY'
import json, sys

for line in open(sys.argv[1], encoding="utf-8"):
    o = json.loads(line)
    if o["event"] == "success_in_a_row" and not 0.05 <= o["delay_s"] <= 0.1:
        sys.exit("a delay after a success outside 50ms..100ms: %r" % o)
PY
for i in 1 2; do
	rm -f runs
	returns_ 0 "$RETRY" --successes=3 -a 10 -b 100ms --seed=7 \
		--log-format=json sh fails.sh 2>"json$i" || fail=1
	sed 's/.*"delay_s"/"delay_s"/; s/"time":"[^"]*"//' "json$i" |
		grep delay_s >"delays$i"
done
cmp -s delays1 delays2 || note_ "--seed gave other delays:" \
	"$(cat delays1 delays2)" || fail=1
expect_lines 6 delays1 || fail=1
python3 range.py json1 || fail=1

Exit "$fail"
