#!/bin/sh
# SPDX-License-Identifier: ISC
# A sleep that would end past the --deadline is not taken: retry gives up at
# once with the attempt's status.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

# shellcheck disable=SC2317 # called through thrice_
gives_up() {
	rm -f runs
	timed_ 3 "$RETRY" "$@" --delay=10s -a 3 sh flaky.sh 99 3 2>err || return 1
	expect_runs 1 || return 1
	test "$ms" -lt 3000 || note_ "$*: gave up after ${ms}ms, not at once"
}

for opt in '-D 4s' --deadline=4s; do
	# shellcheck disable=SC2086 # $opt is one or two words on purpose
	thrice_ gives_up $opt || fail=1
done

# The time the attempt took counts: 0.8 s of attempt and a 1.5 s sleep
# would pass a deadline of 2 s.
# shellcheck disable=SC2317 # called through thrice_
gives_up_late() {
	rm -f runs
	timed_ 3 "$RETRY" -D 2s --delay=1500ms -a 3 \
		sh -c 'echo run >>runs; sleep 0.8; exit 3' 2>err || return 1
	expect_runs 1 || return 1
	test "$ms" -lt 1900 || note_ "gave up after ${ms}ms, not at once"
}
thrice_ gives_up_late || fail=1

Exit "$fail"
