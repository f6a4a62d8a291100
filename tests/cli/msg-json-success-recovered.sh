#!/bin/sh
# SPDX-License-Identifier: ISC
# The JSON log's success event says "recovered": true after a failed
# attempt (shown by default then), false after a success at once (-v).

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

returns_ 0 "$RETRY" --log-format=json -a 3 -d 0 \
	sh -c 'test "$RETRY_ATTEMPT" -ge 2 || exit 4' >out 2>err || fail=1
grep '"event":"success"' err >ev
test "$(nlines ev)" -eq 1 || note_ "not one success event:" "$(cat err)" ||
	fail=1
grep -F '"recovered":true' ev >/dev/null ||
	note_ "not recovered:" "$(cat ev)" || fail=1

returns_ 0 "$RETRY" -v --log-format=json -a 3 -d 0 true >out 2>err || fail=1
grep '"event":"success"' err >ev
grep -F '"recovered":false' ev >/dev/null ||
	note_ "recovered after a success at once:" "$(cat ev)" || fail=1

Exit "$fail"
