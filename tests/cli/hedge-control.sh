#!/bin/sh
# SPDX-License-Identifier: ISC
# --hedge: each copy has a RETRY_CONTROL of its own, and its word counts:
# "stop" from a copy that fails ends the run with its status, the other
# copy stopped; two copies alive at once are given two different files.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

# Copy 1 asks to stop and fails; no copy after it.
returns_ 1 "$RETRY" --hedge=100ms -a 3 -- sh -c \
	'echo "$RETRY_ATTEMPT" >>runs; echo stop >"$RETRY_CONTROL"; exit 1' \
	>out 2>err || fail=1
expect_lines 1 runs || fail=1
grep 'asked to stop' err >/dev/null || note_ "no stop said:" "$(cat err)" ||
	fail=1

# Copy 1 runs on while copy 2 asks to stop: the run ends at once, with
# copy 2's status, and the two had files of their own.
timed_ 3 "$RETRY" --hedge=100ms -a 3 -- sh -c '
	echo "$RETRY_ATTEMPT $RETRY_CONTROL" >>files
	test -n "$RETRY_CONTROL" || exit 9
	if test "$RETRY_ATTEMPT" = 1; then exec sleep 10; fi
	echo stop >"$RETRY_CONTROL"; exit 3' >out 2>err || fail=1
test "$ms" -lt 8000 || note_ "copy 1 was waited for (${ms}ms)" || fail=1
expect_lines 2 files || fail=1
test "$(cut -d' ' -f2 files | sort -u | wc -l)" -eq 2 ||
	note_ "the copies shared a file:" "$(cat files)" || fail=1

Exit "$fail"
