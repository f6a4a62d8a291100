#!/bin/sh
# SPDX-License-Identifier: ISC
# fish completion: option names and values, then the command's own.
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

command -v fish >/dev/null 2>&1 || skip_ "fish is not installed"
comp=$TESTS_DIR/../../completions/retry.fish

complete_() { # LINE: the candidates, without descriptions
	fish --no-config -c 'source $argv[1]; complete -C $argv[2]' "$comp" "$1" |
		cut -f1 | sort
}

complete_ 'retry --str' >got
grep -qx -- '--strategy' got || note_ "--str:" "$(cat got)" || fail=1
complete_ 'retry --jitter=' >got
grep -qx -- '--jitter=equal' got || note_ "--jitter=:" "$(cat got)" || fail=1
complete_ 'retry --stdin=' >got
grep -qx -- '--stdin=replay' got || note_ "--stdin=:" "$(cat got)" || fail=1
complete_ 'retry --store=' >got
for s in --store=file: --store=redis:// --store=rediss://; do
	grep -qx -- "$s" got || note_ "--store= does not offer $s:" "$(cat got)" || fail=1
done
complete_ 'retry --output=' >got
for s in --output=on-failure --output=on-failure:last --output=on-failure:all; do
	grep -qx -- "$s" got || note_ "--output= does not offer $s:" "$(cat got)" || fail=1
done
# Once the command has started, retry's options are not offered.
complete_ 'retry -a 3 ls --str' >got
grep -qx -- '--strategy' got && { note_ "retry's options offered after the command"; fail=1; }
exit $fail
