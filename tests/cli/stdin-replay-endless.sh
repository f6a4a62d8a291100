#!/bin/sh
# SPDX-License-Identifier: ISC
# Replay of an endless stdin: retry reads only what attempts take, so
# `yes | retry ...` ends as soon as the last attempt does.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

command -v timeout >/dev/null || skip_ "timeout(1) is not available"

t0=$(now_ms)
yes | returns_ 1 timeout -k 5 60 "$RETRY" -a 2 --delay=0 \
	sh -c 'head -n 3; exit 1' >out 2>err || fail=1
ms=$(($(now_ms) - t0))
printf 'y\n%.0s' 1 2 3 4 5 6 >exp
cmp -s exp out || note_ "each attempt should print y y y, got:" \
	"$(head -c 200 out)" || fail=1
test "$ms" -lt 20000 || note_ "yes | retry took ${ms}ms" || fail=1

# Past the memory bound: each attempt takes 3 MB of the endless input, the
# later ones first from the spool, then live.
yes 0123456789abcdef | returns_ 0 timeout -k 5 60 "$RETRY" -a 3 --delay=0 \
	sh -c 'head -c 3000000 | cksum >>sums; test "$RETRY_ATTEMPT" -ge 3' \
	2>err || fail=1
yes 0123456789abcdef | head -c 3000000 | cksum >sum1
cat sum1 sum1 sum1 >exp
cmp -s exp sums || note_ "the attempts read different bytes:" \
	"$(head -c 500 sums)" "expected $(cat sum1)" || fail=1

Exit "$fail"
