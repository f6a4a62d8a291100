#!/bin/sh
# A redis: store that takes the connection but never answers: the store's
# call is cut at 250 ms, retry warns once and the command runs as without
# a budget.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"
# shellcheck source=lib-redis.sh
. "$TESTS_DIR/lib-redis.sh"

# A listener that accepts and says nothing, for 30 s at most.
"$python_" -c 'import socket, sys, time
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
timed_ 3 "$RETRY" -a 2 -d 1ms --budget=n --store="redis://127.0.0.1:$(cat port)" \
	-- sh -c 'echo . >>runs; exit 3' 2>err || fail=1
expect_runs 2 || fail=1
grep -q 'budget n cannot be used (.*no answer in time' err ||
	note_ "no warning:" "$(cat err)" || fail=1
test "$(grep -c 'cannot be used' err)" -eq 1 || note_ "not one warning" || fail=1
test "$ms" -ge 240 && test "$ms" -lt 3000 ||
	note_ "the store was waited for $ms ms, not 250" || fail=1

Exit "$fail"
