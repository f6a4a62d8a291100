#!/bin/sh
# SPDX-License-Identifier: ISC
# Hooks count against --deadline and are stopped at it like an attempt: a
# hook that would sleep 10 s under -D 1s is stopped, and retry ends within
# about 2 s, with the last attempt's status; no attempt follows.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

# A hook that records its pid, then sleeps; killed by the test if left.
# shellcheck disable=SC2016 # expanded by the hook's shell
hook='echo $$ >>hook-pids; exec sleep 10'
trap 'for p in $(cat hook-pids 2>/dev/null); do kill -s KILL $p 2>/dev/null
done; cd / && rm -rf "$test_dir_"' EXIT

for which in --on-retry --on-give-up; do
	rm -f runs hook-pids
	if test $which = --on-retry; then a=5; else a=1; fi
	timed_ 1 "$RETRY" -q -D 1s -a $a --delay=0.2 "$which=$hook" \
		sh flaky.sh 99 >out 2>err || fail=1
	test "$ms" -lt 3500 || note_ "$which: retry took ${ms}ms" || fail=1
	expect_runs 1 || fail=1
	test "$(nlines hook-pids)" -eq 1 ||
		note_ "$which: the hook ran $(nlines hook-pids) times" || fail=1
	while read -r p; do
		! kill -0 "$p" 2>/dev/null ||
			note_ "$which: the hook (pid $p) still runs" || fail=1
	done <hook-pids
done

Exit "$fail"
