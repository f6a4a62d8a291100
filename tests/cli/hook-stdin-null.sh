#!/bin/sh
# SPDX-License-Identifier: ISC
# A hook's stdin is /dev/null: it does not eat the input meant for the
# attempts. With replayed stdin the next attempt still reads all of it;
# with --stdin=pass the next attempt reads on where the last one stopped.

# shellcheck disable=SC2002 # `cat file |` on purpose: a pipe, not a file

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

command -v timeout >/dev/null || skip_ "timeout(1) is not available"
head -c 200000 /dev/urandom >in || framework_failure_ "cannot make the input"

# shellcheck disable=SC2016 # expanded by the hook's shell
hook='readlink /proc/self/fd/0 >>hook-fd; cat >>hook-in'

# Replay: each attempt gets the whole input.
cat in | returns_ 1 timeout -k 5 60 "$RETRY" -q -a 3 --delay=0 \
	--stdin=replay --on-retry="$hook" --on-give-up="$hook" \
	sh -c 'cat >got.$RETRY_ATTEMPT; exit 1' >out 2>err || fail=1
for n in 1 2 3; do
	cmp -s in got.$n || note_ "attempt $n read:" "$(cmp in got.$n 2>&1)" ||
		fail=1
done
expect_empty hook-in || fail=1
test "$(sort -u hook-fd)" = /dev/null ||
	note_ "the hooks' stdin was:" "$(cat hook-fd)" || fail=1
expect_lines 3 hook-fd || fail=1

# Pass: three attempts read a byte each, the hooks nothing.
rm -f hook-in hook-fd got
printf abcdef | returns_ 1 timeout -k 5 60 "$RETRY" -q -a 3 --delay=0 \
	--stdin=pass --on-retry="$hook" --on-give-up="$hook" \
	sh -c 'dd bs=1 count=1 2>/dev/null >>got; exit 1' >out 2>err || fail=1
test "$(cat got)" = abc || note_ "the attempts read '$(cat got)'" || fail=1
expect_empty hook-in || fail=1

Exit "$fail"
