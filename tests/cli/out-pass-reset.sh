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
# buffers, whose peer reads nothing and resets it after 0.5 s; print
# COMMAND's status.
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
time.sleep(0.5)
peer.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
peer.close()
print(p.wait())
PY

# Attempt 1 writes 30 kB, more than the buffers take, and fails; the
# reset comes during the 3 s sleep; attempt 2 writes nothing.
"$python_" -I -S reset.py "$RETRY" -a 2 --delay=3s --http -- sh -c \
	'echo $$ >>pids; test "$RETRY_ATTEMPT" = 2 || head -c 30000 /dev/zero
	exit 1' >status 2>err || framework_failure_ "reset.py failed"
test "$(cat status)" = 125 || note_ "exit status $(cat status):" \
	"$(cat err)" || fail=1
grep '^retry: cannot write .*standard output: ' err >/dev/null ||
	note_ "stderr does not say standard output failed:" "$(cat err)" ||
	fail=1

Exit "$fail"
