#!/bin/sh
# SPDX-License-Identifier: ISC
# In GitHub Actions, a run that gives up appends gave_up=true and its
# exit status, and a summary line that says it gave up, with each failed
# attempt (a timeout says so, status 124); a permanent status at the
# first attempt gives up too, with no summary line; so does a command
# not found (127).

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

GITHUB_ACTIONS=true
GITHUB_OUTPUT=$(pwd)/gh-out
GITHUB_STEP_SUMMARY=$(pwd)/gh-sum
export GITHUB_ACTIONS GITHUB_OUTPUT GITHUB_STEP_SUMMARY

cat >attempt.sh <<'SH' || framework_failure_ "cannot write attempt.sh"
test "$RETRY_ATTEMPT" -eq 2 && exec sleep 30
exit 4
SH
returns_ 4 "$RETRY" -q -a 3 -d 0 -t 1s -m job sh attempt.sh >out 2>err ||
	fail=1
printf 'attempts=3\nexit_status=4\ngave_up=true\n' >exp
cmp -s exp gh-out || note_ "GITHUB_OUTPUT holds:" "$(cat gh-out)" || fail=1
test "$(nlines gh-sum)" -eq 1 ||
	note_ "expected one summary line:" "$(cat gh-sum)" || fail=1
case $(cat gh-sum) in
'- **retry**: job gave up after 3 attempts, status 4 (3 failed: attempt 1: status 4, exit status 4; attempt 2: status 124, timed out; attempt 3: status 4, exit status 4) in '*s) ;;
*) note_ "not the summary line expected:" "$(cat gh-sum)"; fail=1 ;;
esac

rm -f gh-out gh-sum
returns_ 9 "$RETRY" -q -a 3 -d 0 -x 9 sh -c 'exit 9' >out 2>err || fail=1
printf 'attempts=1\nexit_status=9\ngave_up=true\n' >exp
cmp -s exp gh-out || note_ "GITHUB_OUTPUT holds:" "$(cat gh-out)" || fail=1
test ! -e gh-sum || note_ "a summary line after one attempt:" \
	"$(cat gh-sum)" || fail=1

rm -f gh-out
returns_ 127 "$RETRY" -q -a 3 -d 0 ./no-such-command >out 2>err || fail=1
printf 'attempts=1\nexit_status=127\ngave_up=true\n' >exp
cmp -s exp gh-out || note_ "GITHUB_OUTPUT holds:" "$(cat gh-out)" || fail=1

Exit "$fail"
