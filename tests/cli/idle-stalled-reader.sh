#!/bin/sh
# SPDX-License-Identifier: ISC
# --idle-timeout counts the attempt's silence, not its reader's: an
# attempt that writes more than a pipe holds, to a reader that takes
# nothing for 1.5s, is held back by the reader (as without retry) and is
# not stopped as idle after 300ms. Nothing is lost.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

# 16 MiB at once: more than the pipes between it and the reader hold.
"$RETRY" -a 1 --idle-timeout=300ms -- \
	sh -c 'head -c 16777216 /dev/zero | tr "\0" x' 2>err |
	{ sleep 1.5; wc -c >count; }
test "$(tr -d ' ' <count)" = 16777216 ||
	note_ "the reader got $(cat count) bytes, not 16777216:" "$(cat err)" ||
	fail=1
expect_empty err || fail=1

Exit "$fail"
