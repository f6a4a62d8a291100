#!/bin/sh
# SPDX-License-Identifier: ISC
# -n prints the schedule on stdout and exits 0 without running (or needing)
# the command.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

for opt in -n --dry-run; do
	rm -f ran
	timed_ 0 "$RETRY" "$opt" -a 5 --delay=5s touch ran >out 2>err || fail=1
	test ! -e ran || note_ "$opt: the command ran" || fail=1
	test -s out || note_ "$opt: no schedule on stdout" || fail=1
	test "$ms" -lt 4000 || note_ "$opt: took ${ms}ms: it slept" || fail=1
done

# COMMAND is optional, and need not exist.
returns_ 0 "$RETRY" -n -a 3 >out 2>err || fail=1
test -s out || note_ "no schedule without a command" || fail=1
returns_ 0 "$RETRY" -n -a 3 no-such-command-for-retry-tests >out 2>err ||
	fail=1
test -s out || note_ "no schedule for a missing command" || fail=1

# A bad option is still a usage error.
usage_error_ -n --base=5x || fail=1

Exit "$fail"
