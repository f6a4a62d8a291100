#!/bin/sh
# SPDX-License-Identifier: ISC
# A success stays a success when its held output takes the run past the
# deadline: an attempt stopped by --timeout, 124 in --success-on, whose
# output a slow reader takes after the deadline, is reported as the
# success it was, not as a give-up.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

require_python3_
# A reader that reads all, slowly but without stalling: 64 KiB each 50 ms.
# It says when it is ready, and retry starts only then: an interpreter
# slow to start on a loaded machine is no stall of the reader's.
cat >reader.py <<'PY'
import os, sys, time
open("ready", "w").close()
n = 0
while True:
    b = os.read(0, 65536)
    if not b:
        break
    n += len(b)
    time.sleep(0.05)
print(n)
PY
# The timeout of 1 s gives head time to write its 3 MB on a loaded
# machine; the reader takes them in 2.3 s at the least, from then: well
# past the deadline of 2 s.
{
	while test ! -e ready; do sleep 0.01; done
	"$RETRY" -v --stdout=hold --success-on=124 -t 1s -D 2s -- \
		sh -c 'head -c 3000000 /dev/zero; sleep 5' 2>err
	echo $? >status
} | python3 reader.py >got
test "$(cat status)" = 124 || note_ "exit status $(cat status)" || fail=1
test "$(tr -d ' ' <got)" = 3000000 ||
	note_ "the reader got $(cat got) bytes" || fail=1
grep 'succeeded' err >/dev/null ||
	note_ "not reported as a success:" "$(cat err)" || fail=1
grep 'giving up' err >/dev/null &&
	{ note_ "reported as a give-up:" "$(cat err)"; fail=1; }

Exit "$fail"
