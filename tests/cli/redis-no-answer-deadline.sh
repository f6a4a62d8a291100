#!/bin/sh
# A redis: store that never answers, and a short deadline: the store is
# waited for half the time to the deadline, not 250 ms, so the command
# still runs.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"
# shellcheck source=lib-redis.sh
. "$TESTS_DIR/lib-redis.sh"

"$python_" -c 'import socket, time
s = socket.socket()
s.bind(("127.0.0.1", 0))
s.listen(8)
open("port", "w").write("%d\n" % s.getsockname()[1])
conns = []
end = time.time() + 30
while time.time() < end:
    s.settimeout(end - time.time())
    try:
        conns.append(s.accept()[0])
    except OSError:
        break
' 9>&- &
bg_ $!
wait_lines_ 1 port || framework_failure_ "the listener did not start"
returns_ 0 "$RETRY" -D 200ms --budget=n --store="redis://127.0.0.1:$(cat port)" \
	-- touch ran 2>err || fail=1
test -e ran || note_ "the command did not run:" "$(cat err)" || fail=1
grep -q 'budget n cannot be used' err || note_ "no warning:" "$(cat err)" || fail=1

Exit "$fail"
