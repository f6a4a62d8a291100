#!/bin/sh
# SPDX-License-Identifier: ISC
# With a condition on output, the attempt's stdout and stderr pass through
# retry byte for byte, in order within each stream: 3 MiB of random bytes
# on stdout and 1 MiB on stderr, written in turns, to files and to pipes.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

command -v timeout >/dev/null || skip_ "timeout(1) is not available"
head -c 3145728 /dev/urandom >o.bin || framework_failure_ "cannot make o.bin"
head -c 1048576 /dev/urandom >e.bin || framework_failure_ "cannot make e.bin"

# 16 turns of 192 KiB to stdout, then 64 KiB to stderr.
cat >write.sh <<'SH' || framework_failure_ "cannot write write.sh"
i=0
while test $i -lt 16; do
	dd if=o.bin bs=65536 skip=$((i * 3)) count=3 2>/dev/null
	dd if=e.bin bs=65536 skip=$i count=1 >&2 2>/dev/null
	i=$((i + 1))
done
exit "${1:-0}"
SH

for opt in --retry-if-output='^zq{40}$' --stop-if-output='^zq{40}$' \
	--fail-if-output='^zq{40}$'; do
	# To files.
	returns_ 0 timeout -k 5 60 "$RETRY" -q -a 1 "$opt" sh write.sh \
		>out 2>err || fail=1
	cmp -s o.bin out || note_ "$opt: stdout differs:" \
		"$(cmp o.bin out 2>&1)" || fail=1
	cmp -s e.bin err || note_ "$opt: stderr differs:" \
		"$(cmp e.bin err 2>&1)" || fail=1

	# To pipes, read slowly at first.
	rm -f out err
	{ timeout -k 5 60 "$RETRY" -q -a 1 "$opt" sh write.sh 2>&1 >&3 |
		{ sleep 1; cat >err; }; } 3>&1 | { sleep 1; cat >out; }
	cmp -s o.bin out || note_ "$opt: piped stdout differs:" \
		"$(cmp o.bin out 2>&1)" || fail=1
	cmp -s e.bin err || note_ "$opt: piped stderr differs:" \
		"$(cmp e.bin err 2>&1)" || fail=1
done

# Two attempts: each one's output, in turn.
returns_ 1 timeout -k 5 60 "$RETRY" -q -a 2 --delay=0 \
	--retry-if-output=. sh write.sh 1 >out 2>err || fail=1
cat o.bin o.bin >exp
cmp -s exp out || note_ "two attempts: stdout differs:" \
	"$(cmp exp out 2>&1)" || fail=1
cat e.bin e.bin >exp
cmp -s exp err || note_ "two attempts: stderr differs:" \
	"$(cmp exp err 2>&1)" || fail=1

Exit "$fail"
