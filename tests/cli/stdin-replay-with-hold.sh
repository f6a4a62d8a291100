#!/bin/sh
# SPDX-License-Identifier: ISC
# Replay and hold together: a filter reading and writing 3 MiB at once
# neither deadlocks nor mixes attempts; stdout has the successful attempt's
# output only, stderr each failed one's.

# shellcheck disable=SC2002 # `cat file |` on purpose: a pipe, not a file

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

command -v timeout >/dev/null || skip_ "timeout(1) is not available"
head -c 3M /dev/urandom >in || framework_failure_ "cannot make the input"

cat in | returns_ 0 timeout -k 5 60 "$RETRY" -a 3 --delay=0 -q \
	--stdin=replay --stdout=hold \
	sh -c 'cat; test "$RETRY_ATTEMPT" -ge 3' >out 2>err || fail=1
cmp -s in out || note_ "stdout is not the input:" "$(cmp in out 2>&1)" ||
	fail=1
cat in in >exp
cmp -s exp err || note_ "stderr is not the input twice:" \
	"$(cmp exp err 2>&1)" || fail=1

# A partial read and output, then a full one.
cat in | returns_ 0 timeout -k 5 60 "$RETRY" -a 2 --delay=0 -q \
	--stdout=hold sh -c 'if test "$RETRY_ATTEMPT" = 1; then
		head -c 1000; exit 1; fi; cat' >out 2>err || fail=1
cmp -s in out || note_ "stdout is not the input:" "$(cmp in out 2>&1)" ||
	fail=1
head -c 1000 in >exp
cmp -s exp err || note_ "stderr is not attempt 1's 1000 bytes:" \
	"$(cmp exp err 2>&1)" || fail=1

Exit "$fail"
