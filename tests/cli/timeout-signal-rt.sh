#!/bin/sh
# SPDX-License-Identifier: ISC
# --signal=RTMIN, RTMIN+N, RTMAX, RTMAX-N (any case, "SIG" or not), as
# timeout(1) takes them: --timeout stops the attempt with that real-time
# signal, counted from SIGRTMIN and SIGRTMAX as the C library has them at
# run time; still 124.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

"$python_" -c 'import signal; signal.SIGRTMIN' 2>/dev/null ||
	skip_ "no real-time signals here"

# The attempt: writes the real-time signal it gets to ./got, then dies of it.
cat >child.py <<'PYEOF' || framework_failure_ "cannot write child.py"
import os, signal, time

def got(signo, frame):
    with open("got", "a") as f:
        f.write("%d\n" % signo)
    signal.signal(signo, signal.SIG_DFL)
    os.kill(os.getpid(), signo)

for s in range(signal.SIGRTMIN, signal.SIGRTMAX + 1):
    signal.signal(s, got)
with open("pids", "a") as f:
    f.write("%d\n" % os.getpid())
while True:
    time.sleep(0.05)
PYEOF

for sig in RTMIN:SIGRTMIN sigrtmin+1:SIGRTMIN+1 SIGRTMAX-2:SIGRTMAX-2 \
	rtmax:SIGRTMAX; do
	exp=$("$python_" -c "import signal; print(signal.${sig#*:})")
	: >got
	# 1 s: time enough for python to set its handlers on a loaded machine.
	returns_ 124 dfl_ -- "$RETRY" -a 1 -t 1s --signal="${sig%%:*}" \
		"$python_" -I -S child.py 2>err || note_ "$(cat err)" || fail=1
	test "$(cat got)" = "$exp" ||
		note_ "--signal=${sig%%:*}: the attempt got '$(cat got)', not $exp" ||
		fail=1
done

Exit "$fail"
