#!/bin/sh
# SPDX-License-Identifier: ISC
# A RETRY_CONTROL of more than 4 KiB (1 MiB here, "stop" first) is ignored
# with a warning, at once: the run goes on as if nothing was said.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

command -v timeout >/dev/null || skip_ "timeout(1) is not available"
returns_ 1 timeout -k 5 30 "$RETRY" -a 2 --delay=0 sh -c \
	'echo run >>runs; { echo stop; head -c 1048576 /dev/zero; } \
	>"$RETRY_CONTROL"; exit 1' 2>err || fail=1
expect_runs 2 || fail=1
grep '^retry: RETRY_CONTROL: ignored: more than 4 KiB' err >/dev/null ||
	note_ "no warning:" "$(cat err)" || fail=1

# 4 KiB exactly is read: "stop" and blanks.
rm -f runs
returns_ 1 "$RETRY" -a 2 --delay=0 sh -c \
	'echo run >>runs; { printf stop; head -c 4092 /dev/zero | tr "\0" " "; } \
	>"$RETRY_CONTROL"; exit 1' 2>err || fail=1
expect_runs 1 || fail=1

Exit "$fail"
