#!/bin/sh
# SPDX-License-Identifier: ISC
# Replay: an attempt that read only part of stdin leaves the next one the
# whole input from its start, then what was never read yet.

# shellcheck disable=SC2002 # `cat file |` on purpose: a pipe, not a file

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

command -v timeout >/dev/null || skip_ "timeout(1) is not available"

# Attempt 1 reads a line, attempt 2 a thousand bytes, attempt 3 everything.
attempt='case $RETRY_ATTEMPT in
	1) head -n 1 >out.1; exit 1 ;;
	2) head -c 1000 >out.2; exit 1 ;;
	*) cat >out.3 ;;
	esac'

# Small (all in memory) and large (2 MB: past the memory bound).
printf 'one\ntwo\nthree\n' >small || framework_failure_ "cannot write small"
seq 1 300000 >large || framework_failure_ "cannot write large"

for input in small large; do
	rm -f out.*
	cat "$input" | returns_ 0 timeout -k 5 60 "$RETRY" -a 3 --delay=0 \
		sh -c "$attempt" 2>err || fail=1
	head -n 1 "$input" >exp.1
	head -c 1000 "$input" >exp.2
	cp "$input" exp.3
	for n in 1 2 3; do
		cmp -s exp.$n out.$n || note_ "$input: attempt $n did not" \
			"read from the start:" "$(cmp exp.$n out.$n 2>&1)" ||
			fail=1
	done
done

# The shell's read takes exactly one line from a pipe, nothing beyond.
rm -f out.*
cat large | returns_ 0 timeout -k 5 60 "$RETRY" -a 2 --delay=0 \
	sh -c 'if test "$RETRY_ATTEMPT" = 1; then
		IFS= read -r l; echo "$l" >out.1; exit 1
	fi
	cat >out.2' 2>err || fail=1
test "$(cat out.1)" = 1 || note_ "attempt 1 read:" "$(cat out.1)" || fail=1
cmp -s large out.2 || note_ "attempt 2 did not read everything:" \
	"$(cmp large out.2 2>&1)" || fail=1

Exit "$fail"
