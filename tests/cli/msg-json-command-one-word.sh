#!/bin/sh
# SPDX-License-Identifier: ISC
# The command's name in messages ("command" in JSON): for a command line
# given as one word, the name of its first word (past NAME=VALUE), not the
# last part of the whole line read as a path ("x" for "curl -fsS
# http://h/x"). A path with a blank keeps its last part.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
require_python3_

# name WANT RETRY-ARGS...: the one event of the run names the command WANT.
name() {
	want_=$1
	shift
	"$RETRY" --log-format=json "$@" 2>err >/dev/null
	python3 -c '
import json, sys
events = [json.loads(line) for line in open("err", encoding="utf-8")]
got = [e["command"] for e in events]
if not got or set(got) != {sys.argv[1]}:
    sys.exit("command %r, expected %r" % (got, sys.argv[1]))
' "$want_" || note_ "retry $*:" "$(cat err)"
}

name curl "curl -fsS http://h/x" || fail=1
name curl "curl	-fsS http://h/x" || fail=1
name curl "  curl -fsS http://h/x" || fail=1
name sort "LC_ALL=C /no/such/sort -u" || fail=1
name "A=1 B=2" "A=1 B=2" || fail=1
# A path with a blank: its last part, whether or not it is there.
name x "/opt/No Such Tools/x" || fail=1
name "no such command" "./no such command" || fail=1
mkdir "My Tools"
printf '#!/bin/sh\nexit 0\n' >"My Tools/x"
chmod +x "My Tools/x"
name x -v "My Tools/x" || fail=1
returns_ 0 "$RETRY" -v "My Tools/x" 2>err || fail=1
grep '^retry: x: ' err >/dev/null || note_ "text label:" "$(cat err)" ||
	fail=1
# -m still names it.
name mine -m mine "curl -fsS http://h/x" || fail=1

Exit "$fail"
