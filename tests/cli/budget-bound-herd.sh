#!/bin/sh
# SPDX-License-Identifier: ISC
# The SPEC's bound: N concurrent runs whose attempts all fail make at most
# N + burst + ratio x N + rate x T + 1 attempts; the burst is used; every
# run exits with the command's status.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

n=20
t0=$(now_ms)
i=0
while test $i -lt $n; do
	( "$RETRY" -a 5 -d 10ms -c 200ms --budget=h --store=file:"$PWD/st" \
		--budget-burst=5 --budget-ratio=0.1 --budget-rate=0/s --budget-wait=200ms \
		-- sh -c 'echo . >>runs; exit 3' 2>/dev/null
	  echo $? >>statuses ) &
	i=$((i + 1))
done
wait
runs=$(nlines runs)
# 20 + 5 + 2 + 0 + 1
test "$runs" -le 28 || note_ "$runs attempts: above the bound of 28" || fail=1
test "$runs" -ge 25 || note_ "$runs attempts: the burst was not used" || fail=1
test "$(sort -u statuses)" = 3 ||
	note_ "every run should exit 3:" "$(sort statuses | uniq -c)" || fail=1
test "$(nlines statuses)" -eq $n || fail=1
test $(($(now_ms) - t0)) -lt 20000 || note_ "the herd took too long" || fail=1

Exit "$fail"
