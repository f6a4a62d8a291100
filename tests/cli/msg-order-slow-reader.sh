#!/bin/sh
# SPDX-License-Identifier: ISC
# With a reader of stderr that is slow but reads, retry's messages keep
# their place between the attempts' own output: "attempt k failed" comes
# after attempt k's output and before attempt k+1's, although each attempt
# fills the pipe and the message has to wait for room.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

# Each attempt writes 200 KB of its number, then a newline, to stderr.
"$RETRY" -a 3 --delay=0 -- sh -c \
	'{ head -c 200000 /dev/zero | tr "\0" "$RETRY_ATTEMPT"; echo; } >&2
	exit 1' \
	2>&1 >/dev/null | (sleep 1; cat) >all
# One line per attempt's block, with the messages between them.
tr -s '123' <all | sed 's/^\([123]\)\1*$/block \1/' >lines
cat >expected <<'EOX'
block 1
retry: sh: attempt 1/3 failed (exit status 1); retrying in 0s
block 2
retry: sh: attempt 2/3 failed (exit status 1); retrying in 0s
block 3
retry: sh: attempt 3/3 failed (exit status 1); giving up after 3 attempts
EOX
cmp -s expected lines || note_ "out of order:" "$(cut -c 1-80 lines)" ||
	fail=1

Exit "$fail"
