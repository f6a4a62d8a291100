#!/bin/sh
# SPDX-License-Identifier: ISC
# --max-time is --deadline.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

# shellcheck disable=SC2317 # called through thrice_
stopped() {
	timed_ 124 "$RETRY" --max-time=500ms \
		sh -c 'echo $$ >>pids; exec sleep 10' 2>err || return 1
	test "$ms" -ge 500 || note_ "stopped after ${ms}ms" || return 1
	test "$ms" -lt 3000 || note_ "stopped after ${ms}ms, not ~500ms"
}
thrice_ stopped || fail=1

# shellcheck disable=SC2317 # called through thrice_
gives_up() {
	rm -f runs
	timed_ 3 "$RETRY" --max-time 4s --delay=10s -a 3 sh flaky.sh 99 3 \
		2>err || return 1
	expect_runs 1 || return 1
	test "$ms" -lt 3000 || note_ "gave up after ${ms}ms, not at once"
}
thrice_ gives_up || fail=1

Exit "$fail"
