#!/bin/sh
# SPDX-License-Identifier: ISC
# Output passed through that waits in retry for a slow reader, and is lost
# after the attempt ended (the reader, a TCP peer, resets the connection
# during the sleep), still fails the run: status 125 and a message that
# names standard output, once the next attempt is over.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

# reset.py COMMAND...: run COMMAND with stdout on a TCP connection, small
# buffers, whose peer reads nothing and resets it once ./err says that
# the sleep began (10 s at most); print COMMAND's status.
cat >reset.py <<'PY' || framework_failure_ "cannot write reset.py"
import socket, struct, subprocess, sys, time
srv = socket.socket()
srv.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
srv.bind(("127.0.0.1", 0))
srv.listen(1)
c = socket.socket()
c.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 4096)
c.connect(srv.getsockname())
peer, _ = srv.accept()
p = subprocess.Popen(sys.argv[1:], stdout=c.fileno())
c.close()
end = time.monotonic() + 10
while time.monotonic() < end and "retrying in" not in open("err").read():
    time.sleep(0.01)
peer.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
peer.close()
print(p.wait())
PY

# Attempt 1 writes 30 kB, more than the buffers take, and fails; the
# reset comes during the 3 s sleep; attempt 2 writes nothing. The 30 kB go
# in one write, which a pipe takes whole before its reader reads: retry
# reads them at once, keeps what the connection does not take, and the
# attempt is over. (Written in pieces, they could fill the connection
# before the last was read: the attempt would not be over before the
# reset.)
"$python_" -I -S reset.py "$RETRY" -a 2 --delay=3s --http -- sh -c \
	'echo $$ >>pids; test "$RETRY_ATTEMPT" = 2 ||
	dd if=/dev/zero bs=30000 count=1 2>/dev/null
	exit 1' >status 2>err || framework_failure_ "reset.py failed"
grep 'retrying in' err >/dev/null ||
	note_ "attempt 1 was not over before the reset:" "$(cat err)" || fail=1
test "$(cat status)" = 125 || note_ "exit status $(cat status):" \
	"$(cat err)" || fail=1
grep '^retry: cannot write .*standard output: ' err >/dev/null ||
	note_ "stderr does not say standard output failed:" "$(cat err)" ||
	fail=1

Exit "$fail"
