#!/bin/sh
# SPDX-License-Identifier: ISC
# 50 runs that end at the same time in one step append to the same
# $GITHUB_OUTPUT and $GITHUB_STEP_SUMMARY: 150 whole output lines and 50
# whole summary lines, none cut by another run's, and the files' first
# lines kept.  Each file gets one write per run, at its end (O_APPEND).

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

GITHUB_ACTIONS=true
GITHUB_OUTPUT=$(pwd)/gh-out
GITHUB_STEP_SUMMARY=$(pwd)/gh-sum
export GITHUB_ACTIONS GITHUB_OUTPUT GITHUB_STEP_SUMMARY
echo 'before=1' >gh-out
echo '# Before' >gh-sum

# A long name makes each summary line long, so that lines cut by another
# run's would show; all start at once, on a file that says go.
name=$(printf 'job%0200d' 0)
i=0
pids=''
while test $i -lt 50; do
	"$RETRY" -q -a 2 -d 0 -m "$name$i" \
		sh -c 'until test -e go; do sleep 0.01; done; exit 3' &
	pids="$pids $!"
	i=$((i + 1))
done
touch go
for p in $pids; do
	wait "$p"
	st=$?
	test "$st" -eq 3 || note_ "a run ended with status $st" || fail=1
done

test "$(sed -n 1p gh-out)" = before=1 ||
	note_ "GITHUB_OUTPUT's first line was lost" || fail=1
test "$(nlines gh-out)" -eq 151 ||
	note_ "GITHUB_OUTPUT has $(nlines gh-out) lines, not 151" || fail=1
grep -v -x -e before=1 -e attempts=2 -e exit_status=3 -e gave_up=true \
	gh-out >bad
expect_empty bad || fail=1
for l in attempts=2 exit_status=3 gave_up=true; do
	test "$(grep -c -x "$l" gh-out)" -eq 50 ||
		note_ "not 50 lines $l:" "$(cat gh-out)" || fail=1
done

test "$(sed -n 1p gh-sum)" = '# Before' ||
	note_ "the summary's first line was lost" || fail=1
test "$(nlines gh-sum)" -eq 51 ||
	note_ "the summary has $(nlines gh-sum) lines, not 51" || fail=1
sed 1d gh-sum | grep -v -x -E "- \*\*retry\*\*: ${name}[0-9]+ gave up after 2 attempts, status 3 \(2 failed: attempt 1: status 3, exit status 3; attempt 2: status 3, exit status 3\) in [0-9]+\.[0-9]{3}s" >bad
expect_empty bad || fail=1
# Each run's line once.
sed 1d gh-sum | sed 's/ gave up.*//' | sort -u >names
test "$(nlines names)" -eq 50 ||
	note_ "not 50 different runs in the summary" || fail=1

Exit "$fail"
