#!/bin/sh
# SPDX-License-Identifier: ISC
# NUL bytes in the output of an attempt with a condition pass through
# untouched, on stdout and on stderr, and do not stop the matching of the
# lines around them. (Whether text after a NUL in the same line can match
# depends on the C library's regexec; that is not checked here.)

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

command -v timeout >/dev/null || skip_ "timeout(1) is not available"

printf 'before\000after\n\000\000\nnext line\000\n\000tail\000' >nul.bin ||
	framework_failure_ "cannot write nul.bin"
head -c 65536 /dev/zero >>nul.bin
printf '\nlast\n' >>nul.bin

for to in out err; do
	for ere in '^before' '^next line' '^last$'; do
		rm -f runs
		returns_ 3 timeout -k 5 60 "$RETRY" -q -a 3 --delay=0 \
			--stop-if-output="$ere" sh -c 'echo run >>runs
			if test "$1" = out; then cat nul.bin; else
				cat nul.bin >&2; fi
			exit 3' sh $to >out 2>err || fail=1
		expect_runs 1 || note_ "'$ere' on std$to" || fail=1
		cmp -s nul.bin $to || note_ "std$to differs:" \
			"$(cmp nul.bin $to 2>&1)" || fail=1
	done
	# No match: every byte of both attempts.
	returns_ 3 timeout -k 5 60 "$RETRY" -q -a 2 --delay=0 \
		--stop-if-output='^nowhere$' sh -c '
		if test "$1" = out; then cat nul.bin; else cat nul.bin >&2; fi
		exit 3' sh $to >out 2>err || fail=1
	cat nul.bin nul.bin >exp
	cmp -s exp $to || note_ "two attempts: std$to differs:" \
		"$(cmp exp $to 2>&1)" || fail=1
done

Exit "$fail"
