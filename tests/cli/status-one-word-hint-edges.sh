#!/bin/sh
# SPDX-License-Identifier: ISC
# The one-word hint never suggests a line that means something else: a
# backslash is shell syntax (sh -c keeps 'a\ b' one word), a word that
# starts with '=' is quoted (zsh reads =ls as /usr/bin/ls), and a command
# line too long for the hint to show whole gets no suggested line at all
# rather than one cut short.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

returns_ 127 "$RETRY" 'echo a\ b' 2>err || fail=1
grep -q "^retry: hint: .*run one: retry sh -c 'echo a\\\\ b'\$" err ||
	note_ "a backslash is not taken for shell syntax:" "$(cat err)" || fail=1

returns_ 127 "$RETRY" -a1 'echo =foo x' 2>err || fail=1
grep -q "^retry: hint: .*separately: retry -a1 echo '=foo' x\$" err ||
	note_ "a word starting with = is not quoted:" "$(cat err)" || fail=1

long=$(printf '%0600d' 0 | tr 0 a)
returns_ 127 "$RETRY" "curl -fsS http://x/$long" 2>err || fail=1
grep -q '^retry: hint: no shell splits the command into words; give them separately$' err ||
	note_ "a long line's hint is not the short one:" "$(cut -c1-200 err)" || fail=1
grep -q "$long" err && grep 'hint' err | grep -q "$long" &&
	{ note_ "the long line was suggested:" "$(cut -c1-200 err)"; fail=1; }

Exit "$fail"
