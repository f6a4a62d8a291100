#!/bin/sh
# SPDX-License-Identifier: ISC
# When stdin is a terminal, the default is pass: the attempt reads the
# terminal itself, not a pipe of retry's.  --stdin=null still applies.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

require_python3_
# The interpreter itself, not a wrapper that finds it: each start is quick.
python_=$(python3 -c 'import sys; print(sys.executable)') ||
	framework_failure_ "cannot find python3's executable"

# Run retry ARG... with a new pty as its controlling terminal and stdin;
# stdout and stderr go to ./out and ./err, the status to ./status.
in_pty_() {
	"$python_" -I -S - "$@" <<'PYEOF'
import fcntl, os, pty, subprocess, sys, termios

master, slave = pty.openpty()

def ctty():
    os.setsid()
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)

with open("out", "w") as out, open("err", "w") as err:
    try:
        p = subprocess.run(sys.argv[1:], stdin=slave, stdout=out, stderr=err,
                           preexec_fn=ctty, timeout=30)
        status = p.returncode
    except subprocess.TimeoutExpired:
        status = "hung"
with open("status", "w") as f:
    f.write("%s\n" % status)
PYEOF
}

check='if test -t 0; then echo tty; else echo other; fi; exit 1'

in_pty_ "$RETRY" -a 2 --delay=0 sh -c "$check" ||
	framework_failure_ "cannot run retry in a pty"
test "$(cat status)" = 1 || note_ "default: status $(cat status)" || fail=1
test "$(cat out)" = "tty
tty" || note_ "default: the attempts' stdin:" "$(cat out)" || fail=1

in_pty_ "$RETRY" -a 1 --stdin=pass sh -c "$check" ||
	framework_failure_ "cannot run retry in a pty"
test "$(cat out)" = tty || note_ "--stdin=pass:" "$(cat out)" || fail=1

in_pty_ "$RETRY" -a 1 --stdin=null sh -c "$check" ||
	framework_failure_ "cannot run retry in a pty"
test "$(cat out)" = other || note_ "--stdin=null:" "$(cat out)" || fail=1

Exit "$fail"
