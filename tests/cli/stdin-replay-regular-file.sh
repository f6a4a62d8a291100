#!/bin/sh
# SPDX-License-Identifier: ISC
# Replay of a regular file on stdin: every attempt reads it from where it
# stood when retry started, however much an earlier attempt read.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

command -v timeout >/dev/null || skip_ "timeout(1) is not available"
head -c 3M /dev/urandom >in || framework_failure_ "cannot make the input"

returns_ 0 timeout -k 5 60 "$RETRY" -a 3 --delay=0 \
	sh -c 'cat >out.$RETRY_ATTEMPT; test "$RETRY_ATTEMPT" -ge 3' \
	<in 2>err || fail=1
for n in 1 2 3; do
	cmp -s in out.$n || note_ "attempt $n did not read the file:" \
		"$(cmp in out.$n 2>&1)" || fail=1
done

# A partial read, then a full one.
rm -f out.*
returns_ 0 timeout -k 5 60 "$RETRY" -a 2 --delay=0 \
	sh -c 'if test "$RETRY_ATTEMPT" = 1; then head -c 1000 >out.1; exit 1
	fi; cat >out.2' <in 2>err || fail=1
head -c 1000 in >exp.1
cmp -s exp.1 out.1 || note_ "attempt 1 read the wrong bytes" || fail=1
cmp -s in out.2 || note_ "attempt 2 did not read the file from its start:" \
	"$(cmp in out.2 2>&1)" || fail=1

# stdin already part read: each attempt reads what the first one would,
# from line 2 on (the shell's read takes one line and no more).
seq 1 1000 >lines
rm -f out.*
{
	IFS= read -r _
	returns_ 1 timeout -k 5 60 "$RETRY" -a 2 --delay=0 \
		sh -c 'cat >out.$RETRY_ATTEMPT; exit 1' 2>err || fail=1
} <lines
tail -n +2 lines >exp
for n in 1 2; do
	cmp -s exp out.$n || note_ "attempt $n read from the wrong place:" \
		"$(head -n 2 out.$n | tr '\n' ' ')..." || fail=1
done

Exit "$fail"
