#!/bin/sh
# SPDX-License-Identifier: ISC
# Conditions on output together with --stdout=hold and replayed stdin: every
# attempt reads the whole input, the conditions see held stdout and live
# stderr, and only the successful attempt's stdout reaches stdout (a failed
# one's goes to stderr, after what it wrote there itself).

# shellcheck disable=SC2002 # `cat file |` on purpose: a pipe, not a file

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

command -v timeout >/dev/null || skip_ "timeout(1) is not available"
head -c 1048576 /dev/urandom >in || framework_failure_ "cannot make the input"

# Match on held stdout: attempts 1 and 2 say "again" at the end of their
# stdout and fail; attempt 3 succeeds.
cat in | returns_ 0 timeout -k 5 60 "$RETRY" -q -a 5 --delay=0 \
	--stdin=replay --stdout=hold --retry-if-output='^again$' sh -c '
	cat
	test "$RETRY_ATTEMPT" -ge 3 && exit 0
	printf "\nagain\n"
	exit 1' >out 2>err || fail=1
cmp -s in out || note_ "stdout is not the input:" "$(cmp in out 2>&1)" ||
	fail=1
{ cat in; printf '\nagain\n'; cat in; printf '\nagain\n'; } >exp
cmp -s exp err || note_ "stderr is not attempts 1 and 2's stdout:" \
	"$(cmp exp err 2>&1)" || fail=1

# Match on live stderr: a stop. The held stdout goes to stderr after it.
rm -f runs
cat in | returns_ 4 timeout -k 5 60 "$RETRY" -q -a 5 --delay=0 \
	--stdout=hold --stop-if-output='^fatal$' sh -c '
	echo run >>runs
	cat
	echo fatal >&2
	exit 4' >out 2>err || fail=1
expect_runs 1 || fail=1
expect_empty out || fail=1
{ echo fatal; cat in; } >exp
cmp -s exp err || note_ "stderr is not 'fatal' and the held stdout:" \
	"$(cmp exp err 2>&1)" || fail=1

# fail-if on a held success: its stdout goes to stderr, not stdout; the
# next, clean one reaches stdout. The condition sees the replayed input.
cat in | returns_ 0 timeout -k 5 60 "$RETRY" -q -a 3 --delay=0 \
	--stdout=hold --fail-if-output='^partial$' sh -c '
	cat
	test "$RETRY_ATTEMPT" -ge 2 || printf "\npartial\n"' >out 2>err ||
	fail=1
cmp -s in out || note_ "stdout is not the input:" "$(cmp in out 2>&1)" ||
	fail=1
{ cat in; printf '\npartial\n'; } >exp
cmp -s exp err || note_ "stderr is not attempt 1's stdout:" \
	"$(cmp exp err 2>&1)" || fail=1

Exit "$fail"
