#!/bin/sh
# --stdout=stream (the default): output reaches stdout live, while the
# attempt still runs.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

command -v timeout >/dev/null || skip_ "timeout(1) is not available"
require_ns_date_

for mode in default --stdout=stream; do
	set --
	test "$mode" = default || set -- "$mode"
	rm -f first t1 rest
	t0=$(now_ms)
	timeout -k 5 60 "$RETRY" "$@" -a 1 \
		sh -c 'echo first; sleep 3; echo second' 2>err | {
		IFS= read -r l
		now_ms >t1
		echo "$l" >first
		cat >rest
	}
	ms=$(($(cat t1) - t0))
	test "$(cat first)" = first || note_ "$mode: the first line:" \
		"$(head -c 500 first)" || fail=1
	test "$(cat rest)" = second || note_ "$mode: then:" \
		"$(head -c 500 rest)" || fail=1
	test "$ms" -lt 2000 || note_ "$mode: the first line came after" \
		"${ms}ms, the attempt sleeps 3s after it" || fail=1
done

Exit "$fail"
