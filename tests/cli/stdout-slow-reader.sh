#!/bin/sh
# SPDX-License-Identifier: ISC
# A reader that is slow to start but then reads everything gets every byte,
# in order, when retry copies the attempt's stdout (--stop-if-output) and
# when it holds it (--stdout=hold): waiting for room loses nothing.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

command -v timeout >/dev/null || skip_ "timeout(1) is not available"
command -v cksum >/dev/null || skip_ "cksum is not available"
head -c 3000000 /dev/urandom >data || framework_failure_ "cannot make data"

for mode in --stop-if-output=zzz --stdout=hold; do
	{
		timeout -k 5 30 "$RETRY" -a 1 "$mode" -- cat data 2>err
		echo $? >status
	} | { sleep 1; cat >got; }
	test "$(cat status)" = 0 || note_ "$mode: retry exited" \
		"$(cat status):" "$(head -c 500 err)" || fail=1
	test "$(cksum <got)" = "$(cksum <data)" || note_ "$mode: the reader" \
		"got $(wc -c <got) bytes, not the 3000000 written" || fail=1
done

Exit "$fail"
