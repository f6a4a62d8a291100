#!/bin/sh
# SPDX-License-Identifier: ISC
# An attempt that replaces RETRY_CONTROL by a symbolic link: retry never
# follows it, neither to read it (the "stop" at the other end is not
# obeyed) nor to make the next attempt's file (the target is untouched).

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

echo stop >target
returns_ 1 "$RETRY" -a 3 --delay=0 sh -c \
	'echo run >>runs; test -L "$RETRY_CONTROL" && echo link >>bad
	rm -f "$RETRY_CONTROL"; ln -s "$PWD/target" "$RETRY_CONTROL"; exit 1' \
	2>err || fail=1
expect_runs 3 || fail=1
expect_empty bad || fail=1
test "$(cat target)" = stop || note_ "the target changed:" \
	"$(cat target)" || fail=1
test "$(stat -c %a target)" = "$(umask_mode=$(umask); printf '%o' \
	$((0666 & ~0$umask_mode)))" || note_ "the target's mode changed:" \
	"$(stat -c %a target)" || fail=1
test "$(grep -c '^retry: RETRY_CONTROL: ignored: a symbolic link' err)" \
	-eq 3 || note_ "not three warnings:" "$(cat err)" || fail=1

Exit "$fail"
