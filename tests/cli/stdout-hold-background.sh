#!/bin/sh
# SPDX-License-Identifier: ISC
# --stdout=hold does not wait for a background process that keeps the
# attempt's stdout open: the output up to the attempt's end is released
# when it ends.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

command -v timeout >/dev/null || skip_ "timeout(1) is not available"
# The attempt's process group (its pid) is killed at the end, with the
# sleep it left behind.
trap 'test -s pgid && kill -s KILL -- "-$(cat pgid)" 2>/dev/null
	cd / && rm -rf "$test_dir_"' EXIT

t0=$(now_ms)
returns_ 0 timeout -k 5 60 "$RETRY" -a 1 --stdout=hold \
	sh -c 'echo $$ >pgid; echo hi; sleep 30 & exit 0' >out 2>err || fail=1
ms=$(($(now_ms) - t0))
test "$(cat out)" = hi || note_ "stdout:" "$(head -c 500 out)" || fail=1
test "$ms" -lt 15000 || note_ "retry waited ${ms}ms for the background" \
	"process" || fail=1

Exit "$fail"
