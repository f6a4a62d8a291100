#!/bin/sh
# SPDX-License-Identifier: ISC
# --fail-if-output: an attempt with a success status and a matching line
# counts as a failure and is retried; when it is the last, retry exits 1.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

for to in '' '>&2'; do
	# Every attempt succeeds with a warning: all retried, then status 1.
	rm -f runs
	returns_ 1 "$RETRY" -a 3 --delay=0 --fail-if-output='^WARNING:' \
		sh -c "echo run >>runs; echo 'WARNING: partial result' $to" \
		>out 2>err || fail=1
	expect_runs 3 || fail=1
	grep '^retry: ' err >/dev/null ||
		note_ "no message about the failures:" "$(cat err)" || fail=1

	# The warning goes away: the next success is a success.
	rm -f runs
	returns_ 0 "$RETRY" -q -a 5 --delay=0 --fail-if-output='^WARNING:' \
		sh -c "echo run >>runs
		test \$(wc -l <runs) -ge 2 || echo 'WARNING: partial' $to" \
		>out 2>err || fail=1
	expect_runs 2 || fail=1
done

# A success without a match is a success, at once.
rm -f runs
returns_ 0 "$RETRY" -a 3 --delay=0 --fail-if-output='^WARNING:' \
	sh -c 'echo run >>runs; echo "all good, no WARNING: here"' \
	>out 2>err || fail=1
expect_runs 1 || fail=1
expect_empty err || fail=1

# A status made a success by --success-on is turned into a failure too.
rm -f runs
returns_ 1 "$RETRY" -q -a 2 --delay=0 --success-on=0,3 \
	--fail-if-output=WARNING sh -c 'echo run >>runs; echo WARNING; exit 3' \
	>out 2>err || fail=1
expect_runs 2 || fail=1

# A single attempt: the failure is the last at once.
rm -f runs
returns_ 1 "$RETRY" -a 1 --fail-if-output=WARNING \
	sh -c 'echo run >>runs; echo WARNING' >out 2>err || fail=1
expect_runs 1 || fail=1

Exit "$fail"
