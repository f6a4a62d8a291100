#!/bin/sh
# SPDX-License-Identifier: ISC
# Replay past the memory bound with no usable $TMPDIR: retry cannot keep
# the input for later attempts, and says so at once with status 125 rather
# than replaying part of it.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

command -v timeout >/dev/null || skip_ "timeout(1) is not available"

t0=$(now_ms)
head -c 3000000 /dev/zero | returns_ 125 env TMPDIR="$PWD/missing" \
	timeout -k 5 20 "$RETRY" -a 3 --delay=0 \
	sh -c 'echo run >>runs; wc -c >count; exit 1' 2>err || fail=1
ms=$(($(now_ms) - t0))
grep '^retry: ' err >/dev/null || note_ "no message from retry:" \
	"$(head -c 500 err)" || fail=1
test "$(nlines runs)" -le 1 || note_ "retry went on with $(nlines runs)" \
	"attempts" || fail=1
test "$ms" -lt 15000 || note_ "retry took ${ms}ms to give up" || fail=1

Exit "$fail"
