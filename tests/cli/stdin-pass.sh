#!/bin/sh
# SPDX-License-Identifier: ISC
# --stdin=pass: the attempt inherits retry's stdin as it is, so what one
# attempt read is gone for the next, and retry reads none of it itself.

# shellcheck disable=SC2002 # `cat file |` on purpose: a pipe, not a file

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

command -v timeout >/dev/null || skip_ "timeout(1) is not available"
seq 1 10 >lines || framework_failure_ "cannot write lines"
printf '%s\n' 1 2 3 >exp

# Each attempt reads one line (the shell's read takes no more).
attempt='IFS= read -r l; echo "$l" >>got; exit 1'

# From a pipe.
cat lines | returns_ 1 timeout -k 5 60 "$RETRY" -a 3 --delay=0 --stdin=pass \
	sh -c "$attempt" 2>err || fail=1
cmp -s exp got || note_ "pipe: the attempts read" "$(cat got)" || fail=1

# From a file: what is left after retry is the rest.
rm -f got
{
	returns_ 1 timeout -k 5 60 "$RETRY" -a 3 --delay=0 --stdin=pass \
		sh -c "$attempt" 2>err || fail=1
	cat >rest
} <lines
cmp -s exp got || note_ "file: the attempts read" "$(cat got)" || fail=1
tail -n +4 lines >exp.rest
cmp -s exp.rest rest || note_ "file: left after retry:" "$(cat rest)" ||
	fail=1

# The attempt's stdin is retry's own, not a pipe of retry's.
printf 'x\n' | {
	readlink /proc/self/fd/0 >want
	"$RETRY" -a 1 --stdin=pass sh -c 'readlink /proc/self/fd/0' >have 2>err
}
test -s want || framework_failure_ "cannot read /proc/self/fd/0"
cmp -s want have || note_ "the attempt's stdin is $(cat have), retry's" \
	"$(cat want)" || fail=1

Exit "$fail"
