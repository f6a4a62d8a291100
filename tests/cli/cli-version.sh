#!/bin/sh
# SPDX-License-Identifier: ISC
# --version and -V print one line with the version on stdout and exit 0.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

for opt in --version -V; do
	returns_ 0 "$RETRY" "$opt" >out 2>err || fail=1
	expect_empty err || fail=1
	grep '^retry.* [0-9][0-9.]*' out >/dev/null ||
		note_ "$opt: no version:" "$(cat out)" || fail=1
done

Exit "$fail"
