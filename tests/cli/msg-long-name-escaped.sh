#!/bin/sh
# SPDX-License-Identifier: ISC
# A name made of control bytes takes four times its length once made
# visible (\x01): -m's label and the command's name are cut to what
# shows in 512 bytes, so that what a line says of the attempt (failed,
# giving up, not found) still ends it, within the line's 4096 bytes.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

name=$(head -c 1200 /dev/zero | tr '\0' '\001')
returns_ 1 "$RETRY" -a 1 -m "$name" false 2>err || fail=1
grep -q ': attempt 1/1 failed (exit status 1); giving up after 1 attempt$' err ||
	note_ "-m of 1200 control bytes: the verdict is not at the end:" \
		"$(tail -c 200 err)" || fail=1
n=$(awk '{ print length($0) }' err | sort -n | tail -n 1)
test "$n" -lt 700 || note_ "a line of $n bytes" || fail=1

# A command of 250 control bytes (within NAME_MAX): not found, said at
# the end of its line.
cmd=$(head -c 250 /dev/zero | tr '\0' '\001')
returns_ 127 "$RETRY" -a 1 -- "$cmd" 2>err || fail=1
grep -q ': command not found$' err ||
	note_ "a command of 250 control bytes: no 'command not found' at the" \
		"end:" "$(tail -c 200 err)" || fail=1

Exit "$fail"
