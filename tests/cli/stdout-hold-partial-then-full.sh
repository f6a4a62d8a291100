#!/bin/sh
# SPDX-License-Identifier: ISC
# --stdout=hold: a failed attempt's output goes to stderr, the successful
# one's to stdout, which then carries exactly that one attempt's output.
# The attempts' own stderr is not held.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

command -v timeout >/dev/null || skip_ "timeout(1) is not available"

attempt='echo "to stderr $RETRY_ATTEMPT" >&2
	if test "$RETRY_ATTEMPT" = 1; then echo partial; exit 1; fi
	echo full'

returns_ 0 timeout -k 5 60 "$RETRY" -a 2 --delay=0 --stdout=hold \
	sh -c "$attempt" >out 2>err || fail=1
test "$(cat out)" = full || note_ "stdout:" "$(head -c 500 out)" ||
	fail=1
expect_lines 1 out || fail=1
grep -x partial err >/dev/null || note_ "no 'partial' on stderr:" \
	"$(head -c 500 err)" || fail=1
grep -x full err >/dev/null && { note_ "'full' on stderr too"; fail=1; }
for n in 1 2; do
	grep -x "to stderr $n" err >/dev/null || note_ "attempt $n's own" \
		"stderr is missing:" "$(head -c 500 err)" || fail=1
done

# Quiet: stderr has the failed attempt's output and its own stderr, no more.
returns_ 0 timeout -k 5 60 "$RETRY" -a 2 --delay=0 -q --stdout=hold \
	sh -c "$attempt" >out 2>err || fail=1
test "$(cat out)" = full || note_ "-q: stdout:" "$(head -c 500 out)" ||
	fail=1
test "$(sort err)" = "partial
to stderr 1
to stderr 2" || note_ "-q: stderr:" "$(head -c 500 err)" || fail=1

Exit "$fail"
