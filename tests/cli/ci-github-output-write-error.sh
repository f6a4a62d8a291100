#!/bin/sh
# SPDX-License-Identifier: ISC
# A $GITHUB_OUTPUT or $GITHUB_STEP_SUMMARY that cannot be written (in a
# directory that is not there, a directory, a FIFO) is a warning that
# names the variable and the file; the exit status stays the command's,
# and the other file is still written.  -q hides the warning.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

GITHUB_ACTIONS=true
export GITHUB_ACTIONS
mkdir adir
mkfifo fifo || framework_failure_ "cannot make a FIFO"

for bad in "$(pwd)/nodir/out" "$(pwd)/adir" "$(pwd)/fifo"; do
	rm -f gh-sum
	GITHUB_OUTPUT=$bad GITHUB_STEP_SUMMARY=$(pwd)/gh-sum \
		returns_ 3 "$RETRY" -a 2 -d 0 sh -c 'exit 3' >out 2>err || fail=1
	grep -F "retry: warning: cannot write GITHUB_OUTPUT ($bad): " err \
		>/dev/null || note_ "no warning for $bad:" "$(cat err)" ||
		fail=1
	test "$(nlines gh-sum)" -eq 1 ||
		note_ "the summary was not written beside $bad" || fail=1
	GITHUB_OUTPUT=$bad returns_ 0 "$RETRY" -q true >out 2>err || fail=1
	expect_empty err || fail=1
done

rm -f gh-out
GITHUB_OUTPUT=$(pwd)/gh-out GITHUB_STEP_SUMMARY=$(pwd)/nodir/sum \
	returns_ 0 "$RETRY" -a 3 -d 0 sh -c 'test "$RETRY_ATTEMPT" -ge 2' \
	>out 2>err || fail=1
grep -F 'retry: warning: cannot write GITHUB_STEP_SUMMARY' err >/dev/null ||
	note_ "no warning for the summary:" "$(cat err)" || fail=1
file_has_ gh-out attempts=2 || note_ "no outputs:" "$(cat gh-out)" || fail=1

Exit "$fail"
