#!/bin/sh
# SPDX-License-Identifier: ISC
# Replay is lazy: retry takes from its stdin only what attempts read (a
# chunk and a pipe's worth ahead at most), not all it can get.

# shellcheck disable=SC2002 # `cat file |` on purpose: a pipe, not a file

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

command -v timeout >/dev/null || skip_ "timeout(1) is not available"
head -c 16M /dev/zero >big || framework_failure_ "cannot make the input"
size=$(wc -c <big)

# The attempt reads a little and then idles: time enough for an eager
# reader to swallow all 16 MiB.  What retry leaves is there for wc.
cat big | {
	timeout -k 5 60 "$RETRY" -a 2 --delay=0 \
		sh -c 'head -c 1000 >/dev/null; sleep 0.5; exit 3' 2>err
	echo $? >status
	wc -c >left
}
test "$(cat status)" = 3 || note_ "retry exited $(cat status)" || fail=1
left=$(tr -d ' ' <left)
test "$((size - left))" -lt $((4 * 1024 * 1024)) ||
	note_ "retry took $((size - left)) bytes for attempts that read" \
		"1000" || fail=1

# --stdin=null takes nothing at all.
cat big | {
	"$RETRY" -a 1 --stdin=null sh -c 'sleep 0.5' 2>err
	wc -c >left
}
test "$(tr -d ' ' <left)" -eq "$size" ||
	note_ "--stdin=null: retry took $((size - $(tr -d ' ' <left))) bytes" ||
	fail=1

Exit "$fail"
