#!/bin/sh
# SPDX-License-Identifier: ISC
# Replay: an attempt that reads nothing, or stops reading and exits early,
# makes retry neither fail, nor block, nor die of SIGPIPE (141): the
# command's status is retry's.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

command -v timeout >/dev/null || skip_ "timeout(1) is not available"

# run_ STATUS ARG...: 10 MB piped into retry ARG..., which exits STATUS, soon.
run_() {
	exp_status_=$1
	shift
	t0=$(now_ms)
	head -c 10000000 /dev/zero | returns_ "$exp_status_" \
		timeout -k 5 60 "$RETRY" --delay=0 "$@" 2>err || return 1
	ms_=$(($(now_ms) - t0))
	test "$ms_" -lt 20000 || note_ "retry $* took ${ms_}ms"
}

run_ 3 -a 1 sh -c 'exit 3' || fail=1
run_ 3 -a 2 sh -c 'exit 3' || fail=1
run_ 0 -a 1 true || fail=1
run_ 0 -a 3 sh flaky.sh 2 || fail=1

# Reading nothing while retry has a full pipe to feed.
run_ 5 -a 2 sh -c 'sleep 0.5; exit 5' || fail=1

# A byte, then stdin closed while retry writes: its writes fail with EPIPE.
run_ 4 -a 3 sh -c 'head -c 1 >/dev/null; exec <&-; sleep 0.3; exit 4' ||
	fail=1

# A reader that stops half way, then one that reads it all.
rm -f runs
run_ 0 -a 3 sh -c 'echo run >>runs
	if test "$RETRY_ATTEMPT" -lt 3; then head -c 3000000 >/dev/null
		exit 1; fi
	wc -c >count' || fail=1
expect_runs 3 || fail=1
test "$(tr -d ' ' <count)" = 10000000 ||
	note_ "the last attempt read $(cat count) bytes" || fail=1

Exit "$fail"
