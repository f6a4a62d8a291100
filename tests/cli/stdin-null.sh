#!/bin/sh
# SPDX-License-Identifier: ISC
# --stdin=null: attempts read /dev/null, and retry's stdin is left unread.

# shellcheck disable=SC2002 # `cat file |` on purpose: a pipe, not a file

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

command -v timeout >/dev/null || skip_ "timeout(1) is not available"
printf 'data\n' >in || framework_failure_ "cannot write in"

attempt='cat >out.$RETRY_ATTEMPT
	readlink /proc/self/fd/0 >fd0.$RETRY_ATTEMPT; exit 1'

# From a file, then from a pipe that retry must not drain.
{
	returns_ 1 timeout -k 5 60 "$RETRY" -a 2 --delay=0 --stdin=null \
		sh -c "$attempt" 2>err || fail=1
	cat >rest
} <in
cmp -s in rest || note_ "file: retry's stdin was read:" "$(cat rest)" ||
	fail=1
for n in 1 2; do
	expect_empty out.$n || fail=1
	test "$(cat fd0.$n)" = /dev/null ||
		note_ "file: attempt $n's stdin is $(cat fd0.$n)" || fail=1
done

rm -f out.* fd0.*
cat in | {
	returns_ 1 timeout -k 5 60 "$RETRY" -a 2 --delay=0 --stdin=null \
		sh -c "$attempt" 2>err || fail=1
	cat >rest
}
cmp -s in rest || note_ "pipe: retry's stdin was read:" "$(cat rest)" ||
	fail=1
for n in 1 2; do
	expect_empty out.$n || fail=1
	test "$(cat fd0.$n)" = /dev/null ||
		note_ "pipe: attempt $n's stdin is $(cat fd0.$n)" || fail=1
done

Exit "$fail"
