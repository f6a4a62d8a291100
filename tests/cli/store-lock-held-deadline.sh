#!/bin/sh
# SPDX-License-Identifier: ISC
# A budget's lock held by another process (a run stopped while it held
# it): the run waits for it half the time to its deadline, then warns and
# runs the command without the budget.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-lock.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib-lock.sh"
require_python3_

hold_lock l
timed_ 0 "$RETRY" -D 2s --budget=l --store=file:"$PWD/st" -- touch ran 2>err || fail=1
release_lock
grep -q 'budget l cannot be used (.*locked by another run for 1\.[0-9]s' err ||
	note_ "no warning about the held lock:" "$(cat err)" || fail=1
test -e ran || note_ "the command did not run" || fail=1
test "$ms" -ge 950 && test "$ms" -lt 1900 ||
	note_ "the lock was waited for $ms ms, not half of the 2 s deadline" || fail=1

Exit "$fail"
