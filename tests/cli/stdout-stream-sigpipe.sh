#!/bin/sh
# SPDX-License-Identifier: ISC
# retry ignores SIGPIPE for its own pipes, but the attempt starts with it
# as retry got it: `retry yes | head -n 1` ends with yes killed by SIGPIPE
# (status 141), not with a write error.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

command -v timeout >/dev/null || skip_ "timeout(1) is not available"

{ yes; echo $? >direct; } 2>/dev/null | head -n 1 >/dev/null
test "$(cat direct)" = 141 || skip_ "SIGPIPE is not at its default here"

for opts in '-a 1' '-a 1 --stdin=replay' '-a 1 --stdin=null'; do
	{
		# shellcheck disable=SC2086 # $opts is several words on purpose
		timeout -k 5 60 "$RETRY" $opts yes 2>err
		echo $? >status
	} | head -n 1 >out
	test "$(cat status)" = 141 || note_ "retry $opts yes | head: status" \
		"$(cat status):" "$(head -c 500 err)" || fail=1
	test "$(cat out)" = y || note_ "retry $opts: stdout:" \
		"$(head -c 500 out)" || fail=1
done

Exit "$fail"
