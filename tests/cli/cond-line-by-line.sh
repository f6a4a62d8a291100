#!/bin/sh
# SPDX-License-Identifier: ISC
# Each line of output is matched on its own, however many lines reach
# retry at once: '^' and '$' anchor at each line, and nothing ('.', a
# bracket expression, a class) matches across a newline.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

# stops ERE TEXT: a child that writes TEXT in one write and fails is
# stopped at once by --stop-if-output=ERE (else retried, ./runs says).
stops() {
	rm -f runs
	"$RETRY" -q -a 2 --delay=0 --stop-if-output="$1" sh -c \
		'echo run >>runs; printf "$1"; exit 1' sh "$2" >out 2>err
	test "$(nlines runs)" -eq 1
}

match() { stops "$1" "$2" || note_ "'$1' did not match '$2'"; }
nomatch() { ! stops "$1" "$2" || note_ "'$1' matched '$2'"; }

match '^b$' 'a\nb\nc\n' || fail=1
nomatch '^b$' 'ab\n' || fail=1
nomatch '^b$' 'a\nab\nba\nc\n' || fail=1
match '^$' 'a\n\nb\n' || fail=1
match 'c$' 'ab\nc' || fail=1
nomatch '^a.*c$' 'ab\nc\n' || fail=1
nomatch 'a.b' 'a\nb\n' || fail=1
nomatch 'a[^x]b' 'a\nb\n' || fail=1
nomatch 'a[[:space:]]b' 'a\nb\n' || fail=1
nomatch 'a[[:cntrl:]]b' 'a\nb\n' || fail=1
match 'a[[:space:]]b' 'x\na\tb\n' || fail=1

Exit "$fail"
