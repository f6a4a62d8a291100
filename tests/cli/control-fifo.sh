#!/bin/sh
# SPDX-License-Identifier: ISC
# An attempt that replaces RETRY_CONTROL by a FIFO (no writer) or a
# directory: retry does not wait on it; it warns and goes on as if
# nothing was said, and the next attempt gets a fresh file.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

command -v timeout >/dev/null || skip_ "timeout(1) is not available"
command -v mkfifo >/dev/null || skip_ "mkfifo(1) is not available"
timed_ 1 timeout -k 5 20 "$RETRY" -a 3 --delay=0 sh -c \
	'echo run >>runs; test -f "$RETRY_CONTROL" && test ! -s "$RETRY_CONTROL" ||
		echo "attempt $RETRY_ATTEMPT: not a fresh file" >>bad
	rm -f "$RETRY_CONTROL"
	if test "$RETRY_ATTEMPT" -eq 1; then mkfifo "$RETRY_CONTROL"
	else mkdir "$RETRY_CONTROL"; fi; exit 1' 2>err || fail=1
expect_runs 3 || fail=1
expect_empty bad || fail=1
test "$ms" -lt 10000 || note_ "took ${ms}ms" || fail=1
test "$(grep -c '^retry: RETRY_CONTROL: ignored: a \(FIFO\|directory\), not a regular file$' err)" \
	-eq 3 || note_ "not three warnings:" "$(cat err)" || fail=1

Exit "$fail"
