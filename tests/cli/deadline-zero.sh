#!/bin/sh
# SPDX-License-Identifier: ISC
# --deadline=0 means no limit.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

for opt in '-D 0' --deadline=0 --max-time=0s; do
	rm -f runs
	# shellcheck disable=SC2086 # $opt is one or two words on purpose
	timed_ 0 "$RETRY" $opt -a 2 --delay=200ms \
		sh -c 'echo run >>runs; test "$(wc -l <runs)" -gt 1 || exit 1
		sleep 0.3' 2>err || fail=1
	expect_runs 2 || fail=1
	test "$ms" -ge 500 || note_ "$opt: took ${ms}ms, under 200ms + 300ms" ||
		fail=1
done

Exit "$fail"
