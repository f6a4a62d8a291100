#!/bin/sh
# SPDX-License-Identifier: ISC
# -v says more than the default (success included); -vv is accepted.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

returns_ 7 "$RETRY" -a 3 --delay=0 sh flaky.sh 99 7 2>plain || fail=1
returns_ 7 "$RETRY" -v -a 3 --delay=0 sh flaky.sh 99 7 2>verbose || fail=1
test "$(nlines verbose)" -gt "$(nlines plain)" ||
	note_ "-v said no more than the default:" "$(cat verbose)" || fail=1
grep -v '^retry: ' verbose >bad
expect_empty bad || fail=1

rm -f runs
returns_ 0 "$RETRY" --verbose -a 3 --delay=0 sh flaky.sh 0 >out 2>err || fail=1
test -s err || note_ "-v said nothing about a success" || fail=1
expect_empty out || fail=1

returns_ 7 "$RETRY" -vv -a 3 --delay=0 sh flaky.sh 99 7 2>vv || fail=1
test "$(nlines vv)" -ge "$(nlines verbose)" ||
	note_ "-vv said less than -v" || fail=1

Exit "$fail"
