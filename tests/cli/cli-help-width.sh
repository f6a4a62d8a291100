#!/bin/sh
# SPDX-License-Identifier: ISC
# Every line of --help fits an 80-column terminal (79 columns and the
# cursor), the bug report address and home page included.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

returns_ 0 "$RETRY" --help >out || fail=1
awk 'length > 79 { printf "%d columns: %s\n", length, $0 }' out >wide
test ! -s wide || note_ "--help lines too wide:" "$(cat wide)" || fail=1
grep '^Report bugs to <.*@.*>' out >/dev/null ||
	note_ "no address for bug reports" || fail=1
grep 'home page: <http.*>' out >/dev/null || note_ "no home page" || fail=1

Exit "$fail"
