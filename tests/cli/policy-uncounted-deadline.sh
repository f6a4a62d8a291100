#!/bin/sh
# SPDX-License-Identifier: ISC
# --uncounted: the deadline bounds failures that do not count. A command
# that always exits 75, --uncounted=75 -D 1s: retry gives up with 75 at
# the deadline, not at --attempts.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

timed_ 75 "$RETRY" --uncounted=75 -a 1 -D 1s --delay=50ms \
	sh flaky.sh 1000 75 2>err || fail=1
test "$(nlines runs)" -gt 2 || note_ "only $(nlines runs) runs" || fail=1
test "$ms" -lt 5000 || note_ "the deadline of 1s took ${ms}ms" || fail=1
grep -q '(uncounted) failed (exit status 75); giving up: the next attempt would start after the deadline' err ||
	note_ "no give-up at the deadline:" "$(cat err)" || fail=1

Exit "$fail"
