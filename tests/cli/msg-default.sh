#!/bin/sh
# SPDX-License-Identifier: ISC
# By default: one line per retried failure (k/N and the status), one when
# giving up, none on success.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

returns_ 7 "$RETRY" -a 3 --delay=0 sh flaky.sh 99 7 >out 2>err || fail=1
expect_empty out || fail=1
expect_lines 3 err || fail=1
grep -v '^retry: ' err >bad
expect_empty bad || fail=1
for k in 1 2; do
	sed -n ${k}p err | grep "$k/3" >/dev/null ||
		note_ "line $k does not say attempt $k/3:" "$(sed -n ${k}p err)" ||
		fail=1
done
for k in 1 2 3; do
	sed -n ${k}p err | grep -w 7 >/dev/null ||
		note_ "line $k does not give the status 7:" "$(sed -n ${k}p err)" ||
		fail=1
done

# Unlimited attempts: no limit to show, but still one line per failure.
rm -f runs
returns_ 0 "$RETRY" -a 0 --delay=0 sh flaky.sh 2 >out 2>err || fail=1
expect_lines 2 err || fail=1

# A success after one failure: the one retried failure only.
rm -f runs
returns_ 0 "$RETRY" -a 3 --delay=0 sh flaky.sh 1 9 >out 2>err || fail=1
expect_lines 1 err || fail=1
grep '1/3' err >/dev/null || note_ "no 1/3 in:" "$(cat err)" || fail=1

# A success at once: nothing.
returns_ 0 "$RETRY" -a 3 --delay=0 true >out 2>err || fail=1
expect_empty err || fail=1
expect_empty out || fail=1

# A permanent status: only the line saying retry gives up.
returns_ 3 "$RETRY" -a 3 --delay=0 --stop-on=3 sh flaky.sh 99 3 2>err || fail=1
expect_lines 1 err || fail=1

Exit "$fail"
