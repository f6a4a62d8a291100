#!/bin/sh
# SPDX-License-Identifier: ISC
# A command that is not found: exit 127 at once, reported on stderr, never
# retried.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

cmd=no-such-command-for-retry-tests
timed_ 127 "$RETRY" -a 3 --delay=5s "$cmd" >out 2>err || fail=1
test "$ms" -lt 4000 || note_ "took ${ms}ms: the command was retried" || fail=1
expect_empty out || fail=1
# One line, naming the command; a retried failure would add more.
expect_lines 1 err || fail=1
grep "^retry: .*$cmd" err >/dev/null ||
	note_ "stderr does not name the command:" "$(cat err)" || fail=1

# A path to nothing is not found either.
returns_ 127 "$RETRY" -a 3 --delay=5s ./nowhere/"$cmd" 2>err || fail=1
expect_lines 1 err || fail=1

Exit "$fail"
