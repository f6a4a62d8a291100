#!/bin/sh
# SPDX-License-Identifier: ISC
# bash completion: option names, option values, and the rest of the line
# handed to the wrapped command's own completion (_command_offset).
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

command -v bash >/dev/null 2>&1 || skip_ "bash is not installed"
bc=/usr/share/bash-completion/bash_completion
test -r "$bc" || skip_ "bash-completion is not installed"
comp=$TESTS_DIR/../../completions/retry.bash

# complete_ LINE: the words bash would offer at the end of LINE, sorted.
complete_() {
	bash --norc --noprofile -c '
		. "$1"; . "$2"
		line=$3
		read -r -a COMP_WORDS <<<"$line"
		[[ $line == *" " ]] && COMP_WORDS+=("")
		COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
		COMP_LINE=$line COMP_POINT=${#line}
		_retry retry "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
		printf "%s\n" "${COMPREPLY[@]}" | sed "s/ *\$//" | sort
	' sh "$bc" "$comp" "$1" 2>/dev/null
}

complete_ 'retry --str' >got
grep -qx -- '--strategy=' got || note_ "--str did not complete to --strategy=:" "$(cat got)" || fail=1
complete_ 'retry --strategy ' >got
for s in exponential constant fixed linear fibonacci decorrelated; do
	grep -qx "$s" got || note_ "--strategy does not offer $s:" "$(cat got)" || fail=1
done
complete_ 'retry --jitter ' >got
for j in none full equal decorrelated proportional normal; do
	grep -qx "$j" got || note_ "--jitter does not offer $j:" "$(cat got)" || fail=1
done
complete_ 'retry --store ' >got
test "$(tr '\n' ' ' <got)" = "file: redis:// rediss:// " ||
	note_ "--store offers:" "$(cat got)" || fail=1
complete_ 'retry --stdout ' >got
test "$(tr '\n' ' ' <got)" = "hold stream " ||
	note_ "--stdout offers:" "$(cat got)" || fail=1
complete_ 'retry --output ' >got
test "$(tr '\n' ' ' <got)" = "on-failure on-failure:all on-failure:last " ||
	note_ "--output offers:" "$(cat got)" || fail=1
complete_ 'retry --output=on-failure:' >got
test "$(tr '\n' ' ' <got)" = "all last " ||
	note_ "--output=on-failure: offers:" "$(cat got)" || fail=1
complete_ 'retry --signal TE' >got
grep -qx TERM got || note_ "--signal TE did not offer TERM:" "$(cat got)" || fail=1
# After the command, its own completion: git's, when it is installed.
if test -r /usr/share/bash-completion/completions/git && command -v git >/dev/null; then
	complete_ 'retry -a 3 -- git che' >got
	grep -qx checkout got || note_ "git che did not reach git's completion:" "$(cat got)" || fail=1
fi
# The command's name itself completes from PATH.
complete_ 'retry -a 3 sleep' >got
grep -qx sleep got || note_ "the command name did not complete:" "$(cat got)" || fail=1
exit $fail
