#!/bin/sh
# SPDX-License-Identifier: ISC
# -n with --splay gives its window before the first attempt, and the worst
# totals count it (the deadline does).

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-dryrun.sh
. "$TESTS_DIR/lib-dryrun.sh"

returns_ 0 "$RETRY" -n -a 3 --splay=5m --delay=1s >out 2>err || fail=1
test "$(head -n 1 out)" = "attempt 1 starts after a random 0s..5m0s (--splay)" ||
	note_ "not the splay's window first:" "$(cat out)" || fail=1
rows_ out >got
printf '%s\n' '1 301' '2 302' >exp
cmp -s got exp || note_ "not the worst totals from the splay's end:" \
	"$(cat out)" || fail=1

returns_ 0 "$RETRY" -n -a 3 --delay=1s >out 2>err || fail=1
! grep -q splay out || note_ "a splay's line without --splay:" "$(cat out)" ||
	fail=1

Exit "$fail"
