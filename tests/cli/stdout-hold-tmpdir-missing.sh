#!/bin/sh
# SPDX-License-Identifier: ISC
# Held output past the memory bound with no usable $TMPDIR: retry cannot
# keep it, and says so at once with status 125; nothing partial reaches
# stdout.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

command -v timeout >/dev/null || skip_ "timeout(1) is not available"

t0=$(now_ms)
returns_ 125 env TMPDIR="$PWD/missing" timeout -k 5 20 "$RETRY" -a 3 \
	--delay=0 --stdout=hold sh -c 'head -c 3000000 /dev/zero' \
	>out 2>err || fail=1
ms=$(($(now_ms) - t0))
expect_empty out || fail=1
grep '^retry: ' err >/dev/null || note_ "no message from retry:" \
	"$(head -c 500 err)" || fail=1
test "$ms" -lt 15000 || note_ "retry took ${ms}ms to give up" || fail=1

Exit "$fail"
