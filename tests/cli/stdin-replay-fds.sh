#!/bin/sh
# SPDX-License-Identifier: ISC
# With replay and hold on, the attempt has the file descriptors it would
# have without retry: 0, 1, 2 and what was inherited; no pipe or spool file
# of retry's own, even once the spools have temporary files.

# shellcheck disable=SC2002 # `cat file |` on purpose: a pipe, not a file

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

command -v timeout >/dev/null || skip_ "timeout(1) is not available"
head -c 3M /dev/urandom >in || framework_failure_ "cannot make the input"
exec 7<in || framework_failure_ "cannot open fd 7"

# The attempt copies stdin to stdout (3 MiB each way), then lists its fds.
attempt='cat; ls /proc/self/fd >fds.$RETRY_ATTEMPT; exit 1'
RETRY_ATTEMPT=0 sh -c "$attempt" </dev/null >/dev/null 2>&1
test -s fds.0 || framework_failure_ "cannot list /proc/self/fd"
mv fds.0 want
grep -x 7 want >/dev/null || framework_failure_ "ls does not see fd 7"

for opts in '--stdout=hold' '--stdin=replay --stdout=hold' \
	'--stdin=replay' '--stdin=null --stdout=hold' '--stdin=pass'; do
	rm -f fds.*
	# shellcheck disable=SC2086 # $opts is several words on purpose
	cat in | returns_ 1 timeout -k 5 60 "$RETRY" -a 3 --delay=0 $opts \
		sh -c "$attempt" >out 2>err || fail=1
	for n in 1 2 3; do
		cmp -s want fds.$n || note_ "retry $opts: attempt $n has fds" \
			"$(tr '\n' ' ' <fds.$n)" "instead of" \
			"$(tr '\n' ' ' <want)" || fail=1
	done
done

# A regular file on stdin.
rm -f fds.*
returns_ 1 timeout -k 5 60 "$RETRY" -a 2 --delay=0 --stdout=hold \
	sh -c "$attempt" <in >out 2>err || fail=1
for n in 1 2; do
	cmp -s want fds.$n || note_ "stdin a file: attempt $n has fds" \
		"$(tr '\n' ' ' <fds.$n)" || fail=1
done

Exit "$fail"
