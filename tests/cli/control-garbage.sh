#!/bin/sh
# SPDX-License-Identifier: ISC
# What RETRY_CONTROL does not understand is ignored with a warning that
# names RETRY_CONTROL and shows the text, safely (no raw control bytes)
# and cut short; the attempt counts as having said nothing.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

for text in 'please stop' 'STOP' 'delay soon' 'retry twice' 'delay'; do
	rm -f runs
	returns_ 1 "$RETRY" -a 2 --delay=0 sh -c \
		'echo run >>runs; printf "%s\n" "$1" >"$RETRY_CONTROL"; exit 1' \
		sh "$text" 2>err || fail=1
	expect_runs 2 || fail=1
	grep "^retry: RETRY_CONTROL: ignored \"$text\\\\x0a\"" err >/dev/null ||
		note_ "'$text': no warning:" "$(cat err)" || fail=1
done

# NUL and escape bytes are shown escaped; a long text is cut short.
rm -f runs
returns_ 1 "$RETRY" -a 2 --delay=0 sh -c \
	'echo run >>runs; printf "stop\0\033[2J" >"$RETRY_CONTROL"; exit 1' \
	2>err || fail=1
expect_runs 2 || fail=1
grep '^retry: RETRY_CONTROL: ignored "stop\\x00\\x1b\[2J": a NUL byte' err \
	>/dev/null || note_ "NUL: no warning:" "$(cat err)" || fail=1
LC_ALL=C tr -d '\n' <err | LC_ALL=C grep -q '[[:cntrl:]]' &&
	note_ "a raw control byte on stderr:" "$(od -c err | head)" && fail=1
returns_ 1 "$RETRY" -a 1 sh -c \
	'head -c 4000 /dev/zero | tr "\0" x >"$RETRY_CONTROL"; exit 1' \
	2>err || fail=1
grep '^retry: RETRY_CONTROL: ignored "xxxx*"\.\.\.: ' err >/dev/null ||
	note_ "long: not cut short:" "$(cat err)" || fail=1
test "$(wc -c <err)" -lt 400 || note_ "long: the warning is long:" \
	"$(cat err)" || fail=1

Exit "$fail"
