#!/bin/sh
# SPDX-License-Identifier: ISC
# -n with no limit on attempts (-a 0, -a inf) lists the first 10 retries,
# then says that the list goes on and how to see more; -a N lists all N-1.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-dryrun.sh
. "$TESTS_DIR/lib-dryrun.sh"

for a in 0 inf; do
	returns_ 0 "$RETRY" -n -a $a >out 2>err || fail=1
	rows_ out | awk '{ print $1 }' >got
	seq 1 10 >exp
	cmp -s got exp || note_ "-a $a: not retries 1 to 10:" "$(cat out)" ||
		fail=1
	tail -n 1 out | grep -q '^\.\.\. and so on, without end.*: -a N lists all N-1 retries$' ||
		note_ "-a $a: no word that the list goes on:" "$(cat out)" ||
		fail=1
done

returns_ 0 "$RETRY" -n -a 30 >out 2>err || fail=1
test "$(rows_ out | wc -l)" -eq 29 || note_ "-a 30: not 29 retries:" \
	"$(cat out)" || fail=1
! grep -q 'and so on' out || note_ "-a 30: goes on:" "$(cat out)" || fail=1

Exit "$fail"
