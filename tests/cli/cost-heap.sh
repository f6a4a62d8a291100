#!/bin/sh
# SPDX-License-Identifier: ISC
# A run that ends with its first attempt allocates nothing, with stdin
# /dev/null or an empty pipe (input to replay is kept in memory): a heap's first allocation costs a
# fresh process its set-up and page faults, 60-100 us on a VM (issue
# 28). The stdin stage of the first path is static room (io.c), and the
# wait polls the caller's descriptors in place (eventloop.c). Seen as
# retry's own brk calls that move the break (the loader's brk(NULL) is
# a look, not a move); the command's are its own.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

# A static PIE's libc sets up its heap at start (for the search path of
# a dlopen that may come), so a later allocation need not move the break:
# the dynamic build of the same program is looked at (DYNAMIC_RETRY,
# tests/retry-dynamic beside a static PIE).
RETRY=${DYNAMIC_RETRY:-$RETRY}
command -v readelf >/dev/null 2>&1 || skip_ "readelf is not installed"
static_binary_ "$RETRY" &&
	skip_ "$RETRY is a static binary, and no dynamic build is named"

command -v strace >/dev/null 2>&1 || skip_ "strace is not installed"
test -x /bin/true || skip_ "no /bin/true"
if grep -a -q -e __asan_init -e __ubsan_handle "$RETRY"; then
	skip_ "a sanitized build: its runtime allocates"
fi

# moves_ NAME: how many times retry itself (strace's first process)
# moved the break in NAME's trace.
moves_() {
	awk 'NR == 1 { pid = $1 } $1 == pid && /brk\(0x/ { n++ }
	    END { print n + 0 }' "$1"
}

strace -f -o null.trace -e trace=execve,brk "$RETRY" -- /bin/true \
	</dev/null 2>err || skip_ "strace cannot trace here:" "$(cat err)"
: | strace -f -o empty.trace -e trace=execve,brk "$RETRY" -- /bin/true
for t in null empty; do
	n=$(moves_ $t.trace)
	test "$n" -eq 0 ||
		note_ "stdin $t: retry moved its break $n times:" \
			"$(grep brk $t.trace)" || fail=1
done
# The count can fail: a run that allocates is seen (a hedge's second
# copy takes the heap for its stage, the first having the room).
: | strace -f -o hedge.trace -e trace=execve,brk "$RETRY" \
	--hedge=0 -a 2 -d 0 -- sh -c 'exit 1' 2>/dev/null
test "$(moves_ hedge.trace)" -gt 0 ||
	note_ "two copies side by side and no allocation seen:" \
		"$(grep brk hedge.trace)" || fail=1

Exit "$fail"
