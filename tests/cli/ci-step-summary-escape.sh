#!/bin/sh
# SPDX-License-Identifier: ISC
# The summary line is one line of Markdown whatever the command's name:
# a name (-m) with newlines, a CR, workflow commands, Markdown, HTML, a
# table's bars and bytes that are not UTF-8 stays on the line, each
# ASCII punctuation character that could mark it up escaped with a
# backslash, each control character or stray byte as \\xNN.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-ci.sh
. "$TESTS_DIR/lib-ci.sh"

GITHUB_ACTIONS=true
GITHUB_OUTPUT=$(pwd)/gh-out
GITHUB_STEP_SUMMARY=$(pwd)/gh-sum
export GITHUB_ACTIONS GITHUB_OUTPUT GITHUB_STEP_SUMMARY

# shellcheck disable=SC1003 # a backslash at the end of the name
name=$(printf '%s<img src=x onerror=alert(1)>|a|b|\n# H\n- [x](javascript:1) *b* _i_ `c` $m$ @u \377 &amp; ~s~ \\' "$forged_name")
returns_ 0 "$RETRY" -q -a 3 -d 0 -m "$name" sh say.sh 1 >out 2>err || fail=1
test "$(nlines gh-sum)" -eq 1 ||
	note_ "the summary is not one line:" "$(cat -v gh-sum)" || fail=1
want='- **retry**: N\\x0a\:\:error\:\:pwned\\x0d\:\:add-mask\:\:masked \#\#\[error\]pwned2\<img src=x onerror=alert\(1\)\>\|a\|b\|\\x0a\# H\\x0a- \[x\]\(javascript\:1\) \*b\* \_i\_ \`c\` \$m\$ \@u \\xff \&amp; \~s\~ \\ succeeded after 2 attempts'
case $(cat gh-sum) in
"$want"*) ;;
*) note_ "not the line expected:" "$(cat gh-sum)" "wanted:" "$want"
	fail=1 ;;
esac
# Whatever the name, no unescaped character that marks Markdown up.
sed 's/^- \*\*retry\*\*: //; s/\\[[:punct:]]//g' gh-sum >rest
grep '[<>|`*_[#~$@&]' rest >bad
expect_empty bad || fail=1
LC_ALL=C grep -n '[[:cntrl:]]' gh-sum >bad
expect_empty bad || fail=1

Exit "$fail"
