#!/bin/sh
# SPDX-License-Identifier: ISC
# Started with stdout, stderr or stdin closed, retry neither crashes nor
# hangs, and the attempt starts without that descriptor, as it would
# without retry; text that retry itself cannot write is a 125.
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

# The attempt sees the descriptor closed: its write fails, it is retried.
returns_ 1 timeout 10 "$RETRY" -a 2 --delay=0 -- sh -c 'echo x >> runs; echo out' >&- 2>err || fail=1
expect_runs 2 || fail=1
rm -f runs
# (sh's own redirection error is status 2)
returns_ 2 timeout 10 "$RETRY" -q -a 2 --delay=0 -- sh -c 'echo x >> runs; echo err >&2' 2>&- || fail=1
expect_runs 2 || fail=1
# With stdout captured (hold, or a condition on output), the same.
for opt in --stdout=hold --stop-if-output=zzz; do
	returns_ 1 timeout 10 "$RETRY" -a 1 "$opt" -- sh -c 'echo out' >&- 2>err || fail=1
done
returns_ 2 timeout 10 "$RETRY" -a 1 --stop-if-output=zzz -- sh -c 'echo err >&2' 2>&- || fail=1
# stdin closed: nothing to replay; the attempt has no fd 0.
timeout 10 "$RETRY" -a 1 -- sh -c 'test -e /proc/self/fd/0 && echo open || echo closed' <&- >out 2>err
test "$(cat out)" = closed || note_ "with stdin closed the attempt had: $(cat out)" || fail=1
# retry's own text to a closed stdout: 125 and a message on stderr.
for a in --help --version '-n -a 3'; do
	# shellcheck disable=SC2086
	returns_ 125 "$RETRY" $a >&- 2>err || fail=1
	grep -q 'write error' err || note_ "retry $a >&-: no message:" "$(cat err)" || fail=1
done
exit $fail
