#!/bin/sh
# SPDX-License-Identifier: ISC
# --ci=off: no step outputs and no summary line, in GitHub Actions too;
# outside it (GITHUB_ACTIONS unset, or not "true"), none either.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-ci.sh
. "$TESTS_DIR/lib-ci.sh"

GITHUB_OUTPUT=$(pwd)/gh-out
GITHUB_STEP_SUMMARY=$(pwd)/gh-sum
export GITHUB_OUTPUT GITHUB_STEP_SUMMARY
echo 'before=1' >gh-out
echo '# Before' >gh-sum
cp gh-out out0
cp gh-sum sum0

for ga in true unset false; do
	rm -f runs
	ci=--ci=auto
	case $ga in
	true) GITHUB_ACTIONS=true; export GITHUB_ACTIONS; ci=--ci=off ;;
	unset) unset GITHUB_ACTIONS ;;
	false) GITHUB_ACTIONS=false; export GITHUB_ACTIONS ;;
	esac
	returns_ 0 "$RETRY" -q "$ci" -a 3 -d 0 sh say.sh 1 >out 2>err ||
		fail=1
	expect_runs 2 || fail=1
	cmp -s out0 gh-out || note_ "GITHUB_ACTIONS $ga, $ci: outputs written:" \
		"$(cat gh-out)" || fail=1
	cmp -s sum0 gh-sum || note_ "GITHUB_ACTIONS $ga, $ci: summary written:" \
		"$(cat gh-sum)" || fail=1
done

Exit "$fail"
