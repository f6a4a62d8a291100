#!/bin/sh
# SPDX-License-Identifier: ISC
# Option parsing stops at the first operand: the rest is the command's.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

returns_ 0 "$RETRY" -a 1 printf '%s\n' -a 3 -v --bogus -- >out 2>err || fail=1
printf '%s\n' -a 3 -v --bogus -- >exp
cmp -s out exp || note_ "the command's arguments were changed:" "$(cat out)" ||
	fail=1
expect_empty err || fail=1

# An option after COMMAND is the command's: here -q goes to sh as $0, so
# retry stays talkative.
returns_ 1 "$RETRY" -a 2 --delay=0 sh -c 'echo run >>runs; exit 1' -q \
	>out 2>err || fail=1
expect_runs 2 || fail=1
test -s err || note_ "-q after COMMAND silenced retry" || fail=1

# After --, what looks like an option is the command.
returns_ 0 "$RETRY" -- printf '%s\n' --help >out 2>err || fail=1
test "$(cat out)" = --help || note_ "-- printf --help printed:" "$(cat out)" ||
	fail=1
returns_ 127 "$RETRY" -a 1 -- --no-such-command 2>err || fail=1

Exit "$fail"
