#!/bin/sh
# SPDX-License-Identifier: ISC
# RETRY_RUN_ID is 32 lowercase hex digits, the same for every attempt, new for
# each run.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

for run in 1 2; do
	returns_ 1 "$RETRY" -a 3 --delay=0 \
		sh -c 'echo "$RETRY_RUN_ID" >>id'"$run"'; exit 1' 2>err || fail=1
	expect_lines 3 id$run || fail=1
	grep -Ev '^[0-9a-f]{32}$' id$run >bad
	expect_empty bad || fail=1
	test "$(sort -u id$run | wc -l)" -eq 1 ||
		note_ "the run id changed between attempts:" "$(cat id$run)" || fail=1
done
test "$(sed -n 1p id1)" != "$(sed -n 1p id2)" ||
	note_ "two runs had the same run id" || fail=1

Exit "$fail"
