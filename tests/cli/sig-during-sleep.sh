#!/bin/sh
# SPDX-License-Identifier: ISC
# SIGTERM, SIGINT or SIGHUP to retry during the sleep between attempts: retry
# dies of it at once.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

# shellcheck disable=SC2317 # called through thrice_
dies() {
	rm -f runs
	drive_ -w runs -z -k "$1" -- "$RETRY" -a 5 --delay=30s \
		sh flaky.sh 99 2>err
	expect_death_ "$1" || return 1
	expect_runs 1 || return 1
	test "$ms" -lt 1000 || note_ "SIG$1: retry took ${ms}ms to die"
}

for sig in TERM INT HUP; do
	thrice_ dies $sig || fail=1
done

Exit "$fail"
