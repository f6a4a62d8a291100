#!/bin/sh
# SPDX-License-Identifier: ISC
# A file that cannot be run: exit 126 at once, reported on stderr, never
# retried.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

# No execute bit for anyone, so that even root cannot run it.
printf '#!/bin/sh\nexit 0\n' >plain
chmod 644 plain
timed_ 126 "$RETRY" -a 3 --delay=5s ./plain >out 2>err || fail=1
test "$ms" -lt 4000 || note_ "took ${ms}ms: the command was retried" || fail=1
expect_empty out || fail=1
expect_lines 1 err || fail=1
grep '^retry: .*plain' err >/dev/null ||
	note_ "stderr does not name the command:" "$(cat err)" || fail=1

# A directory cannot be run either.
mkdir dir
returns_ 126 "$RETRY" -a 3 --delay=5s ./dir 2>err || fail=1
expect_lines 1 err || fail=1

Exit "$fail"
