#!/bin/sh
# SPDX-License-Identifier: ISC
# -m TEXT names the command in every message; the 'retry: ' prefix stays.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

for opt in -m --message; do
	returns_ 1 "$RETRY" "$opt" 'nightly backup' -a 3 --delay=0 sh flaky.sh 99 \
		2>err || fail=1
	expect_lines 3 err || fail=1
	grep -v '^retry: .*nightly backup' err >bad
	expect_empty bad || fail=1
done

# Without -m, the command's name.
returns_ 1 "$RETRY" -a 2 --delay=0 false 2>err || fail=1
grep -v '^retry: .*false' err >bad
expect_empty bad || fail=1

Exit "$fail"
