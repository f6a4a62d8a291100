#!/bin/sh
# SPDX-License-Identifier: ISC
# An attempt still running at the --deadline is stopped, and retry exits 124.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

# shellcheck disable=SC2317 # called through thrice_
stopped() {
	timed_ 124 "$RETRY" "$@" sh -c 'echo $$ >>pids; exec sleep 10' \
		2>err || return 1
	test "$ms" -ge 500 || note_ "$*: stopped after ${ms}ms" || return 1
	test "$ms" -lt 3000 || note_ "$*: stopped after ${ms}ms, not ~500ms"
}

for opt in '-D 500ms' -D0.5 --deadline=500ms; do
	# shellcheck disable=SC2086 # $opt is one or two words on purpose
	thrice_ stopped $opt || fail=1
done

# The deadline counts from the start: the second attempt is stopped.
rm -f runs
returns_ 124 "$RETRY" -a 5 --delay=0 -D 700ms \
	sh -c 'echo $$ >>pids; echo run >>runs
	test "$(wc -l <runs)" -gt 1 || exit 1; exec sleep 10' 2>err || fail=1
expect_runs 2 || fail=1

Exit "$fail"
