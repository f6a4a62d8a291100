#!/bin/sh
# SPDX-License-Identifier: ISC
# A budget never strands a run that still has time: runs that share a
# small budget through an outage of a second (the command fails until a
# file appears) all succeed within their deadline, however long the cap
# of one sleep, since each waits for a token as long as its deadline
# allows. Before, a wait ended one cap past the sleep, and they gave up.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

n=8
i=0
while test $i -lt $n; do
	( "$RETRY" -q -a 0 -D 20s -b 20ms -c 100ms --budget=s \
		--store=file:"$PWD/st" --budget-burst=2 --budget-ratio=0 \
		--budget-rate=2/s -- sh -c 'test -e up' 2>/dev/null
	  echo $? >>statuses ) &
	i=$((i + 1))
done
sleep 1
: >up
wait
test "$(nlines statuses)" -eq $n || note_ "only $(nlines statuses) runs ended" ||
	fail=1
test "$(sort -u statuses)" = 0 ||
	note_ "every run should succeed:" "$(sort statuses | uniq -c)" || fail=1

Exit "$fail"
