#!/bin/sh
# SPDX-License-Identifier: ISC
# --stdout=stream (the default): output reaches stdout live, while the
# attempt still runs: a line comes out seconds before the attempt's last.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

command -v timeout >/dev/null || skip_ "timeout(1) is not available"
require_ns_date_

# The reader stamps each line as it comes; held output would come all at
# once, at the attempt's end.  (The gap, not the time from the start, so
# that a slow start on a loaded machine does not count.)
for mode in default --stdout=stream; do
	set --
	test "$mode" = default || set -- "$mode"
	rm -f lines t1 t2
	timeout -k 5 60 "$RETRY" "$@" -a 1 \
		sh -c 'echo first; sleep 3; echo second' 2>err | {
		IFS= read -r l1
		now_ms >t1
		IFS= read -r l2
		now_ms >t2
		printf '%s\n' "$l1" "$l2" >lines
	}
	test "$(cat lines)" = "first
second" || note_ "$mode: the attempt's output:" "$(cat lines)" || fail=1
	gap=$(($(cat t2) - $(cat t1)))
	test "$gap" -ge 1500 || note_ "$mode: the first line came only" \
		"${gap}ms before the last; the attempt sleeps 3s between" ||
		fail=1
done

Exit "$fail"
