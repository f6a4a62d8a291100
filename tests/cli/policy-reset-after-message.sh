#!/bin/sh
# SPDX-License-Identifier: ISC
# --reset-after: the retry message after a long attempt says how long it
# ran and that the backoff starts again.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

returns_ 1 "$RETRY" -a 2 -b 100ms -j none --reset-after=300ms -- \
	sh -c 'sleep 0.4; exit 1' 2>err || fail=1
grep -Eq '^retry: sh: attempt 1/2 failed \(exit status 1\); retrying in 100ms \(it ran [0-9.]+m?s: the backoff starts again\)$' \
	err || note_ "no word of the reset:" "$(cat err)" || fail=1

Exit "$fail"
