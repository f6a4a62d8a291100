#!/bin/sh
# SPDX-License-Identifier: ISC
# --uncounted=75: a failure with status 75 is retried but does not count
# toward --attempts. With -a 2, a command that exits 75 four times then 0
# runs 5 times and succeeds; one that exits 75 four times then 1 runs 6
# times (4 that do not count, 2 that do) and gives up with 1. A status
# not in the list counts as ever.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

# uc.sh LAST: exits 75 on its first 4 runs, then LAST.
cat >uc.sh <<'SH' || framework_failure_ "cannot write uc.sh"
echo run >>runs
test "$(wc -l <runs)" -gt 4 || exit 75
exit "$1"
SH

returns_ 0 "$RETRY" --uncounted=75 -a 2 -b 10ms -D 3s sh uc.sh 0 2>err ||
	fail=1
expect_runs 5 || fail=1

rm -f runs
returns_ 1 "$RETRY" --uncounted=75 -a 2 -b 10ms -D 3s sh uc.sh 1 2>err ||
	fail=1
expect_runs 6 || fail=1

# Not in the list: 75 counts.
rm -f runs
returns_ 75 "$RETRY" --uncounted=74 -a 2 -b 10ms -D 3s sh uc.sh 0 2>err ||
	fail=1
expect_runs 2 || fail=1

# Given twice, the lists add up.
rm -f runs
returns_ 0 "$RETRY" --uncounted=3 --uncounted=75 -a 1 --delay=0 -D 3s \
	sh uc.sh 0 2>err || fail=1
expect_runs 5 || fail=1

Exit "$fail"
