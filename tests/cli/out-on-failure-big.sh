#!/bin/sh
# SPDX-License-Identifier: ISC
# --output=on-failure: 10 MB on stdout and 10 MB on stderr, past the
# spool's memory, are held (in its unlinked file) and written out whole
# when the run fails, each to its stream; with :all, both attempts'.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

command -v cksum >/dev/null || skip_ "cksum is not available"
# Ending in a newline: the give-up message is a line of its own.
{ head -c 10485759 /dev/urandom && echo; } >big ||
	framework_failure_ "cannot make big"
want=$(cksum <big)
want2=$(cat big big | cksum)

returns_ 4 "$RETRY" --output=on-failure -a 2 --delay=0 \
	sh -c 'cat big; cat big >&2; exit 4' >out 2>err || fail=1
test "$(cksum <out)" = "$want" ||
	note_ "stdout is not the 10 MB: $(wc -c <out) bytes" || fail=1
# stderr: the header, the 10 MB, the give-up message.
sed 1d err | head -c 10485760 >err.body
test "$(cksum <err.body)" = "$want" ||
	note_ "stderr is not the header and the 10 MB: $(wc -c <err) bytes" ||
	fail=1
test "$(head -n 1 err)" = 'retry: sh: attempt 2/2 failed (exit status 4)' ||
	note_ "the header:" "$(head -c 200 err)" || fail=1
test "$(tail -n 1 err)" = \
	'retry: sh: attempt 2/2 failed (exit status 4); giving up after 2 attempts' ||
	note_ "the give-up:" "$(tail -c 200 err)" || fail=1

returns_ 4 "$RETRY" --output=on-failure:all -a 2 --delay=0 -q \
	sh -c 'cat big; exit 4' >out 2>err || fail=1
test "$(cksum <out)" = "$want2" ||
	note_ ":all: stdout is not 2 x 10 MB: $(wc -c <out) bytes" || fail=1
expect_empty err || fail=1

# A success writes none of it.
returns_ 0 "$RETRY" --output=on-failure -a 2 --delay=0 \
	sh -c 'cat big; cat big >&2; test "$RETRY_ATTEMPT" = 2' \
	>out 2>err || fail=1
expect_empty out || fail=1
expect_empty err || fail=1

Exit "$fail"
