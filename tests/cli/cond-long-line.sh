#!/bin/sh
# SPDX-License-Identifier: ISC
# A line longer than 64 KiB is matched on its first 64 KiB: in a 1 MiB
# line without a newline, a pattern at offset 10 matches, one at offset
# 70000 does not. The line passes through whole either way.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

command -v timeout >/dev/null || skip_ "timeout(1) is not available"
head -c 1048576 /dev/zero | tr '\0' x >base ||
	framework_failure_ "cannot make the line"

# line AT: base with "needle" at offset AT, 1 MiB, no newline, in ./line.AT
line() {
	{ head -c "$1" base; printf needle; tail -c +$(($1 + 7)) base; } \
		>line."$1"
	test "$(wc -c <line."$1")" -eq 1048576 ||
		framework_failure_ "line.$1 is not 1 MiB"
}

for at in 10 70000; do
	line $at
	for to in out err; do
		rm -f runs
		"$RETRY" -q -a 2 --delay=0 --retry-if-output=needle \
			sh -c 'echo run >>runs
			if test "$2" = out; then cat "$1"; else cat "$1" >&2; fi
			exit 1' sh line.$at $to >out 2>err
		if test $at = 10; then want=2; else want=1; fi
		expect_runs $want || note_ "needle at $at, on std$to" || fail=1
		cat line.$at >exp
		test $want = 1 || cat line.$at >>exp
		cmp -s exp $to || note_ "needle at $at: std$to differs:" \
			"$(cmp exp $to 2>&1)" || fail=1
	done
done

# Matching starts again after the long line's newline.
line 70000
rm -f runs
returns_ 1 timeout -k 5 60 "$RETRY" -q -a 2 --delay=0 \
	--fail-if-output='^needle' sh -c \
	'echo run >>runs; cat line.70000; printf "\nneedle\n"' >out 2>err ||
	fail=1
expect_runs 2 || fail=1

Exit "$fail"
