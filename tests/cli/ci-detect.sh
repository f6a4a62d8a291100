#!/bin/sh
# SPDX-License-Identifier: ISC
# --ci=auto (the default) writes GitHub's markers when GITHUB_ACTIONS is
# exactly "true", else GitLab's when GITLAB_CI is exactly "true", and none
# otherwise; --ci=off and --log-format=json write none even there: the
# messages are then the plain (or JSON) ones, as outside CI.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-ci.sh
. "$TESTS_DIR/lib-ci.sh"

esc=$(printf '\033')

# The plain messages, outside CI.
piped_ 1 "$RETRY" -a 2 -d 0 false || fail=1
mv err plain
grep -q '^retry: false: attempt 2/2 failed' plain ||
	framework_failure_ "no plain messages:" "$(cat plain)"

# Not "true": no CI.
for v in false 1 TRUE yes ''; do
	piped_ 1 env GITHUB_ACTIONS="$v" "$RETRY" -a 2 -d 0 false || fail=1
	cmp -s plain err || note_ "GITHUB_ACTIONS='$v':" "$(cat -v err)" || fail=1
	piped_ 1 env GITLAB_CI="$v" "$RETRY" -a 2 -d 0 false || fail=1
	cmp -s plain err || note_ "GITLAB_CI='$v':" "$(cat -v err)" || fail=1
done

# "true": the markers, GitHub's first; --ci=auto is the default.
for ci in '' --ci=auto; do
	piped_ 1 env GITHUB_ACTIONS=true GITLAB_CI=true "$RETRY" $ci -a 2 -d 0 false ||
		fail=1
	grep -q '^::group::retry: false: attempt 1/2$' err ||
		note_ "both set $ci: not GitHub's markers:" "$(cat -v err)" || fail=1
	piped_ 1 env GITHUB_ACTIONS=false GITLAB_CI=true "$RETRY" $ci -a 2 -d 0 false ||
		fail=1
	grep -q "^$esc\[0Ksection_start:" err ||
		note_ "GitLab $ci: not GitLab's markers:" "$(cat -v err)" || fail=1
done

# --ci=off: the plain messages even so.
for var in GITHUB_ACTIONS GITLAB_CI; do
	piped_ 1 env "$var=true" "$RETRY" --ci=off -a 2 -d 0 false || fail=1
	cmp -s plain err || note_ "$var=true --ci=off:" "$(cat -v err)" || fail=1
	# The last --ci wins, as with other options.
	piped_ 1 env "$var=true" "$RETRY" --ci=auto --ci=off -a 2 -d 0 false ||
		fail=1
	cmp -s plain err || note_ "$var=true --ci=auto --ci=off:" "$(cat -v err)" ||
		fail=1
done

# --log-format=json: the JSON lines only, no marker of either kind.
for var in GITHUB_ACTIONS GITLAB_CI; do
	piped_ 1 env "$var=true" "$RETRY" --log-format=json -a 2 -d 0 \
		sh say.sh 9 || fail=1
	rm -f runs
	expect_lines 4 err || fail=1
	grep -v '^{"event":' err | grep -v '^attempt [12] err$' >bad
	expect_empty bad || fail=1
done

Exit "$fail"
