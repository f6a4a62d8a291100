#!/bin/sh
# SPDX-License-Identifier: ISC
# A run that ends with its first attempt allocates nothing, with stdin
# /dev/null or an empty pipe (input to replay is kept in memory): a heap's first allocation costs a
# fresh process its set-up and page faults, 60-100 us on a VM (issue
# 28). The stdin stage of the first path is static room (replay.c), and the
# wait polls the caller's descriptors in place (eventloop.c). Seen as
# retry's own brk calls that move the break (the loader's brk(NULL) is
# a look, not a move); the command's are its own.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

# What a run allocates depends on the environment it is given: up to 96
# variables fit in static room (runenv.h, RUNENV_ROOM), more take the
# heap, once. So each trace runs with an environment of the test's own
# (env -i): a small one, where nothing may be allocated, and one of 200
# variables (dpkg-buildpackage's holds more than 96), where the heap is
# taken and every variable still reaches the command.
command -v readelf >/dev/null 2>&1 || skip_ "readelf is not installed"
static_binary_ "$RETRY" &&
	skip_ "$RETRY is a static binary: its libc sets up a heap at start"

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

# traced_ TRACE CMD...: CMD under strace, with a small environment.
traced_() {
	t_=$1
	shift
	env -i PATH=/usr/bin:/bin LC_ALL=C strace -f -o "$t_" \
		-e trace=execve,brk "$@"
}
traced_ null.trace "$RETRY" -- /bin/true </dev/null 2>err ||
	skip_ "strace cannot trace here:" "$(cat err)"
: | traced_ empty.trace "$RETRY" -- /bin/true
for t in null empty; do
	n=$(moves_ $t.trace)
	test "$n" -eq 0 ||
		note_ "stdin $t: retry moved its break $n times:" \
			"$(grep brk $t.trace)" || fail=1
done
# The count can fail: a run that allocates is seen (a hedge's second
# copy takes the heap for its stage, the first having the room).
: | traced_ hedge.trace "$RETRY" --hedge=0 -a 2 -d 0 -- sh -c 'exit 1' \
	2>/dev/null
test "$(moves_ hedge.trace)" -gt 0 ||
	note_ "two copies side by side and no allocation seen:" \
		"$(grep brk hedge.trace)" || fail=1

# 200 variables: more than the static room holds. The heap is taken (the
# count sees it), once, and the command gets every variable.
i=0
vars=
while test $i -lt 200; do
	i=$((i + 1))
	vars="$vars V$i=$i"
done
# shellcheck disable=SC2086 # $vars: 200 words
env -i PATH=/usr/bin:/bin LC_ALL=C $vars strace -f -o big.trace \
	-e trace=execve,brk "$RETRY" -- sh -c 'env | grep -c "^V[0-9]*="' \
	</dev/null >big.out 2>err || note_ "200 variables: $(cat err)" || fail=1
test "$(cat big.out)" = 200 ||
	note_ "200 variables: the command got '$(cat big.out)'" || fail=1
n=$(moves_ big.trace)
test "$n" -ge 1 && test "$n" -le 2 ||
	note_ "200 variables: retry moved its break $n times, not once or" \
		"twice:" "$(grep brk big.trace)" || fail=1

Exit "$fail"
