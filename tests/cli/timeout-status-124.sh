#!/bin/sh
# SPDX-License-Identifier: ISC
# An attempt that outlives --timeout is stopped, and its status is 124.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

# shellcheck disable=SC2317 # called through thrice_
stopped() {
	timed_ 124 "$RETRY" -a 1 "$@" sh -c 'echo $$ >>pids; exec sleep 10' \
		2>err || return 1
	test "$ms" -ge 200 || note_ "$*: stopped after ${ms}ms" || return 1
	test "$ms" -lt 3000 || note_ "$*: stopped after ${ms}ms, not ~200ms"
}

for opt in '-t 200ms' -t0.2 --timeout=200ms; do
	# shellcheck disable=SC2086 # $opt is one or two words on purpose
	thrice_ stopped $opt || fail=1
done

Exit "$fail"
