#!/bin/sh
# SPDX-License-Identifier: ISC
# In GitHub Actions, a run that succeeds at its third attempt appends to
# $GITHUB_OUTPUT the step's outputs attempts=3, exit_status=0 and
# gave_up=false, and to $GITHUB_STEP_SUMMARY one Markdown line that names
# the command, the attempts, each failed attempt's status and reason, and
# the run's time.  What the files held before is kept.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-ci.sh
. "$TESTS_DIR/lib-ci.sh"

GITHUB_ACTIONS=true
GITHUB_OUTPUT=$(pwd)/gh-out
GITHUB_STEP_SUMMARY=$(pwd)/gh-sum
export GITHUB_ACTIONS GITHUB_OUTPUT GITHUB_STEP_SUMMARY
echo 'before=1' >gh-out
echo '# Before' >gh-sum

returns_ 0 "$RETRY" -q -a 5 -d 0 -m NAME sh say.sh 2 7 >out 2>err || fail=1
expect_runs 3 || fail=1
cat >exp <<'EOF2'
before=1
attempts=3
exit_status=0
gave_up=false
EOF2
cmp -s exp gh-out || note_ "GITHUB_OUTPUT holds:" "$(cat gh-out)" || fail=1

test "$(nlines gh-sum)" -eq 2 ||
	note_ "expected the old line and one more:" "$(cat gh-sum)" || fail=1
test "$(sed -n 1p gh-sum)" = '# Before' ||
	note_ "the summary's first line was lost:" "$(cat gh-sum)" || fail=1
line=$(sed -n 2p gh-sum)
case $line in
'- **retry**: NAME succeeded after 3 attempts (2 failed: attempt 1: status 7, exit status 7; attempt 2: status 7, exit status 7) in '[0-9]*.[0-9][0-9][0-9]s) ;;
*) note_ "not the summary line expected:" "$line"; fail=1 ;;
esac

Exit "$fail"
