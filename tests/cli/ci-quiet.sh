#!/bin/sh
# SPDX-License-Identifier: ISC
# -q says nothing, in CI too: no fold, no annotation, no colour; stderr
# holds only the command's own, as outside CI.  Only a command that cannot
# be run is still said, as -q always does (retry's own error): one line,
# the error annotation (GitHub) or red (GitLab), and no fold.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-ci.sh
. "$TESTS_DIR/lib-ci.sh"

printf 'attempt %s err\n' 1 2 3 >exp
for var in GITHUB_ACTIONS GITLAB_CI; do
	for opt in -q --quiet; do
		# A give-up, then a success after retries.
		rm -f runs
		piped_ 3 env "$var=true" "$RETRY" "$opt" -a 3 -d 0 sh say.sh 9 3 ||
			fail=1
		cmp -s exp err || note_ "$var $opt, a give-up:" "$(cat -v err)" ||
			fail=1
		rm -f runs
		piped_ 0 env "$var=true" "$RETRY" "$opt" -a 3 -d 0 sh say.sh 2 3 ||
			fail=1
		cmp -s exp err || note_ "$var $opt, a success:" "$(cat -v err)" ||
			fail=1
	done
done

# Command not found: the error alone.
piped_ 127 env GITLAB_CI=true "$RETRY" -q -a 2 no-such-command || fail=1
printf '\033[0;31mretry: no-such-command: command not found\033[0m\n' >exp
cmp -s exp err || note_ "GitLab -q: not the red error:" "$(cat -v err)" || fail=1
piped_ 127 env GITHUB_ACTIONS=true "$RETRY" -q -a 2 no-such-command || fail=1
echo '::error::retry: no-such-command: command not found' >exp
cmp -s exp err || note_ "GitHub -q: not the error annotation:" "$(cat err)" ||
	fail=1

Exit "$fail"
