#!/bin/sh
# SPDX-License-Identifier: ISC
# In GitHub Actions, a run that succeeds at its first attempt appends the
# step's outputs (attempts=1, exit_status=0, gave_up=false) and no line to
# the step's summary; a status counted as success by --success-on is
# that status. A file whose last line has no newline gets one first, so
# that the outputs start a line of their own.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

GITHUB_ACTIONS=true
GITHUB_OUTPUT=$(pwd)/gh-out
GITHUB_STEP_SUMMARY=$(pwd)/gh-sum
export GITHUB_ACTIONS GITHUB_OUTPUT GITHUB_STEP_SUMMARY
: >gh-sum

returns_ 0 "$RETRY" -a 3 -d 0 true >out 2>err || fail=1
printf 'attempts=1\nexit_status=0\ngave_up=false\n' >exp
cmp -s exp gh-out || note_ "GITHUB_OUTPUT holds:" "$(cat gh-out)" || fail=1
expect_empty gh-sum || fail=1

rm -f gh-out
returns_ 3 "$RETRY" -a 3 -d 0 --success-on=3 sh -c 'exit 3' >out 2>err ||
	fail=1
printf 'attempts=1\nexit_status=3\ngave_up=false\n' >exp
cmp -s exp gh-out || note_ "GITHUB_OUTPUT holds:" "$(cat gh-out)" || fail=1
expect_empty gh-sum || fail=1

printf 'mine=1' >gh-out
returns_ 0 "$RETRY" -a 3 -d 0 true >out 2>err || fail=1
printf 'mine=1\nattempts=1\nexit_status=0\ngave_up=false\n' >exp
cmp -s exp gh-out || note_ "GITHUB_OUTPUT holds:" "$(cat gh-out)" || fail=1

Exit "$fail"
