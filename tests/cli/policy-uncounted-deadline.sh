#!/bin/sh
# SPDX-License-Identifier: ISC
# --uncounted: the deadline bounds failures that do not count. A command
# that always exits 75, --uncounted=75 -a 1 -D 1s --delay=300ms: retry
# gives up at the deadline, not at --attempts: with 75 when the sleep
# after an attempt would end past it (or 124, on a machine so loaded that
# an attempt was still running at the deadline and was stopped).

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

t0=$(now_ms)
"$RETRY" --uncounted=75 -a 1 -D 1s --delay=300ms sh flaky.sh 1000 75 2>err
st=$?
ms=$(($(now_ms) - t0))
case $st in
75) grep -q '(uncounted) failed (exit status 75); giving up: the next attempt would start after the deadline' err ||
	note_ "no give-up at the deadline:" "$(cat err)" || fail=1 ;;
124) ;;
*) note_ "exit status $st, not 75 (or 124):" "$(cat err)" || fail=1 ;;
esac
test "$(nlines runs)" -ge 2 || note_ "only $(nlines runs) runs" || fail=1
test "$ms" -lt 5000 || note_ "the deadline of 1s took ${ms}ms" || fail=1

Exit "$fail"
