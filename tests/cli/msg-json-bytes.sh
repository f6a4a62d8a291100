#!/bin/sh
# SPDX-License-Identifier: ISC
# --log-format=json: every line is valid JSON in strict UTF-8, whatever
# bytes the command's name has (a byte that is not UTF-8 is escaped as one
# character) and however long it is (5000 bytes).

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

require_python3_

# check.py FILE N [NAME]: FILE holds N lines, each a JSON object in strict
# UTF-8 with an event and a command; with NAME "xy", each command is 'x',
# one character, 'y'; with NAME "long", each command is a string of a's
# (it may be cut short).
cat >check.py <<'PY'
import json, sys

path, n = sys.argv[1], int(sys.argv[2])
name = sys.argv[3] if len(sys.argv) > 3 else None
data = open(path, "rb").read()
if not data.endswith(b"\n"):
    sys.exit("the last line has no newline: %r" % data[-200:])
lines = data[:-1].split(b"\n")
if len(lines) != n:
    sys.exit("expected %d lines, got %d: %r" % (n, len(lines), data[:1000]))
for i, line in enumerate(lines, 1):
    try:
        o = json.loads(line.decode("utf-8"))
    except ValueError as e:
        sys.exit("line %d is not JSON in UTF-8 (%s): %r" % (i, e, line[:1000]))
    if not isinstance(o, dict) or not isinstance(o.get("event"), str):
        sys.exit("line %d is not an object with an event: %r" % (i, line))
    c = o.get("command")
    if not isinstance(c, str):
        sys.exit("line %d has no command string: %r" % (i, line[:1000]))
    if name == "xy" and not (len(c) == 3 and c[0] == "x" and c[2] == "y"):
        sys.exit("line %d: command %r is not x, one character, y" % (i, c))
    if name == "long" and (not c or c.strip("a")):
        sys.exit("line %d: command %r is not a string of a's" % (i, c[:1000]))
PY

returns_ 1 "$RETRY" --log-format=json -m "$(printf 'x\377y')" -a 2 \
	--delay=0 -- false 2>err || fail=1
python3 check.py err 2 xy || fail=1

long=$(printf '%5000s' '' | tr ' ' a)
test "${#long}" = 5000 || framework_failure_ "cannot make a 5000-byte name"
returns_ 1 "$RETRY" --log-format=json -m "$long" -a 2 --delay=0 -- false \
	2>err || fail=1
python3 check.py err 2 long || fail=1

Exit "$fail"
