#!/bin/sh
# SPDX-License-Identifier: ISC
# -n with -D lists no retry that could start past the deadline at worst
# (its worst total, the splay's included, is within it), and its last line
# says that the deadline ends the run there; the list is not cut short
# before it. The README's cron options listed 100 retries up to 1h35m3s.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-dryrun.sh
. "$TESTS_DIR/lib-dryrun.sh"

# check_ LIMIT ARGS...: retry -n ARGS lists retries whose worst totals are
# all within LIMIT seconds, the last within a minute (the default cap) of
# it, then the deadline's line.
check_() {
	limit_=$1
	shift
	returns_ 0 "$RETRY" -n "$@" >out 2>err || return 1
	rows_ out >rows
	test -s rows || note_ "$*: no rows:" "$(cat out)" || return 1
	awk -v l="$limit_" '$2 < 0 || $2 > l { bad = 1 }
	    END { exit bad || $2 <= l - 60 }' rows ||
		note_ "$*: not the retries within ${limit_}s:" "$(cat out)" ||
		return 1
	tail -n 1 out | grep -q '^(the deadline ([0-9hms]*) ends the run here' ||
		note_ "$*: the last line does not say the deadline ends it:" \
			"$(cat out)"
}

check_ 3600 -a 0 -D 1h || fail=1
check_ 3600 --splay=15m -a 0 -D 1h || fail=1
check_ 600 -a 200 -D 10m --seed=3 || fail=1
grep -q '^(the deadline (10m0s) ends the run here: retry 1[0-9] ' out ||
	note_ "not the deadline's line:" "$(cat out)" || fail=1

# A deadline that the attempts never reach says nothing of it.
returns_ 0 "$RETRY" -n -a 3 -D 1h >out 2>err || fail=1
test "$(rows_ out | wc -l)" -eq 2 || note_ "not two retries:" "$(cat out)" ||
	fail=1
! grep -q deadline out || note_ "a deadline's line:" "$(cat out)" || fail=1

Exit "$fail"
