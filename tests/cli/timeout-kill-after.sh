#!/bin/sh
# SPDX-License-Identifier: ISC
# --kill-after: an attempt that survives the stop signal is killed that long
# after.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

# The attempt records SIGTERM and goes on; only SIGKILL ends it.
# shellcheck disable=SC2317 # called through thrice_
killed() {
	: >got
	timed_ 124 dfl_ -- "$RETRY" -a 1 -t 300ms "$@" \
		sh -c 'echo $$ >>pids; trap "echo TERM >>got" TERM
		while :; do sleep 0.05; done' 2>err || return 1
	test "$ms" -ge 1000 ||
		note_ "$*: the attempt ended after ${ms}ms, before 300ms + 700ms" ||
		return 1
	test "$ms" -lt 5000 ||
		note_ "$*: the attempt ended after ${ms}ms, not ~1000ms" || return 1
	grep TERM got >/dev/null || note_ "$*: the attempt did not get SIGTERM"
}

for opt in '-k 700ms' -k0.7 --kill-after=700ms; do
	# shellcheck disable=SC2086 # $opt is one or two words on purpose
	thrice_ killed $opt || fail=1
	expect_gone_ "$(tail -n 1 pids)" || fail=1
done

Exit "$fail"
