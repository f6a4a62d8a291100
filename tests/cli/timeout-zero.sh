#!/bin/sh
# SPDX-License-Identifier: ISC
# --timeout=0 means no limit.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

untouched() {
	timed_ 0 "$RETRY" -a 1 "$@" sh -c 'sleep 0.3' 2>err || return 1
	test "$ms" -ge 300 || note_ "$*: the attempt ended after ${ms}ms"
}

for opt in '-t 0' --timeout=0 --timeout=0s --timeout=0ms; do
	# shellcheck disable=SC2086 # $opt is one or two words on purpose
	untouched $opt || fail=1
done

Exit "$fail"
