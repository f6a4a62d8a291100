#!/bin/sh
# SPDX-License-Identifier: ISC
# --hedge with --deadline: the deadline is the run's; at it every copy's
# group is stopped and retry exits 124, with nothing left running.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

# shellcheck disable=SC2317 # called through thrice_
stopped() {
	rm -f runs
	m=$(marker_)
	timed_ 124 "$RETRY" -a 5 --hedge=200ms -D 1s sh -c \
		'echo $$ >>pids; echo run >>runs; sleep "$1" & exec sleep "$1"' \
		sh "$m" >out 2>err || return 1
	gone_within_ -f "sleep $m" || return 1
	test "$(nlines runs)" -ge 2 ||
		note_ "the hedge never started:" "$(cat err)" || return 1
	test "$ms" -ge 800 || note_ "stopped after ${ms}ms, before -D 1s" ||
		return 1
	test "$ms" -lt 5000 || note_ "stopped after ${ms}ms, not ~1s"
}
thrice_ stopped || fail=1

# The deadline is not per copy: copies started late are stopped with the
# rest, at 1.5s from the start (the copies fail after 0.6s, each failure
# starting the next at once).
rm -f runs
m=$(marker_)
timed_ 124 "$RETRY" -a 0 --hedge=300ms -D 1.5s sh -c \
	'echo $$ >>pids; echo run >>runs; sleep 0.6; exit 1' sh >out 2>err ||
	fail=1
test "$ms" -lt 5000 || note_ "unlimited attempts: took ${ms}ms" || fail=1
test "$(nlines runs)" -ge 3 ||
	note_ "only $(nlines runs) copies in 1.5s" || fail=1

Exit "$fail"
