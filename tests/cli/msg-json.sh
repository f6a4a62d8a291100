#!/bin/sh
# SPDX-License-Identifier: ISC
# --log-format=json: one JSON object per line, with the same events as the
# text and their keys.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

require_python3_

# check.py FILE N LABEL: FILE holds N lines, each a JSON object with an
# event; the first N-1 are retry events (event, attempt k, status 7,
# elapsed_s, delay_s), the last is the give-up (attempt N, status 7); the
# times are numbers that never go down; LABEL is a value of every object.
# With N = 0, only: every line is a JSON object with an event.
cat >check.py <<'PY'
import json, sys

path, n, label = sys.argv[1], int(sys.argv[2]), sys.argv[3]
lines = open(path, encoding="utf-8").read().splitlines()
objs = []
for i, line in enumerate(lines, 1):
    try:
        o = json.loads(line)
    except ValueError as e:
        sys.exit("line %d is not JSON (%s): %r" % (i, e, line))
    if not isinstance(o, dict) or not isinstance(o.get("event"), str):
        sys.exit("line %d is not an object with an event: %r" % (i, line))
    objs.append(o)
if n == 0:
    sys.exit(0)
if len(objs) != n:
    sys.exit("expected %d events, got %d: %r" % (n, len(objs), lines))

def num(o, key):
    v = o.get(key)
    if isinstance(v, bool) or not isinstance(v, (int, float)) or v < 0:
        sys.exit("%s is not a number >= 0 in %r" % (key, o))
    return v

last = 0
for k, o in enumerate(objs, 1):
    if o.get("attempt") != k or o.get("status") != 7:
        sys.exit("event %d: expected attempt %d, status 7: %r" % (k, k, o))
    t = num(o, "elapsed_s")
    if t < last:
        sys.exit("elapsed_s went down at event %d: %r" % (k, o))
    last = t
    if k < n:
        num(o, "delay_s")
        if o["event"] != objs[0]["event"]:
            sys.exit("retry events differ in name: %r" % objs)
    elif o["event"] == objs[0]["event"]:
        sys.exit("the give-up event is named as a retry: %r" % o)
    if label not in o.values():
        sys.exit("label %r is not in %r" % (label, o))
PY

returns_ 7 "$RETRY" --log-format=json -a 3 --delay=10ms sh flaky.sh 99 7 \
	>out 2>err || fail=1
python3 check.py err 3 sh || fail=1
expect_empty out || fail=1

# Quotes, a backslash, a tab and a control character in a label are escaped.
label=$(printf 'say "hi" \\ to\tme\001')
returns_ 7 "$RETRY" --log-format=json -m "$label" -a 2 --delay=0 \
	sh flaky.sh 99 7 2>err || fail=1
python3 check.py err 2 "$label" || fail=1

# Every line parses with -v, when nested, and on success.
returns_ 7 env RETRY_RUN_ID=0123456789abcdef0123456789abcdef \
	"$RETRY" -vv --log-format=json -a 3 --delay=0 sh flaky.sh 99 7 \
	2>err || fail=1
python3 check.py err 0 - || fail=1
test "$(nlines err)" -gt 3 || note_ "-vv logged no more events" || fail=1

# retry's own report of a command that cannot be run is JSON too.
returns_ 127 "$RETRY" --log-format=json no-such-command-for-retry-tests \
	2>err || fail=1
python3 check.py err 0 - || fail=1
test -s err || note_ "nothing said about a missing command" || fail=1

Exit "$fail"
