#!/bin/sh
# SPDX-License-Identifier: ISC
# The hint for a command line given as one word is a command line that
# works: run with sh -c, it does what the word meant. Split into words,
# each quoted where a shell would read it otherwise (a URL's '?' and '&'
# are no reason for a shell); NAME=VALUE first goes through env; only
# real shell syntax (|, ;, &&, >, <, `, $(, $NAME, ${, quotes) gets
# sh -c. retry's own options are kept.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

# args: a stub that shows its words and $FOO, one a line.
mkdir bin
cat >bin/args <<'SH'
#!/bin/sh
printf 'FOO=%s\n' "${FOO-unset}"
printf '[%s]\n' "$@"
SH
# retry, by the name that the hint uses.
printf '#!/bin/sh\nexec "$RETRY" "$@"\n' >bin/retry
chmod +x bin/args bin/retry
PATH=$PWD/bin:$PATH
export PATH

# hint OPTIONS... -- WORD: the command line that the hint for WORD
# suggests, given those options (in ./hint).
hint() {
	returns_ 127 retry "$@" 2>err >/dev/null || return 1
	sed -n 's/^retry: hint: [^:]*: //p' err >hint
	test -s hint || note_ "no hint: $*:" "$(cat err)"
}

# works SPLIT|SHELL OPTIONS... WORD: the hint, run with sh -c, prints what
# WORD meant: split on blanks (no globbing; NAME=VALUE first sets a
# variable, as env does), or read by a shell.
works() {
	how_=$1
	shift
	hint "$@" || return 1
	for w_; do :; done
	case $how_ in
	split) (set -f; IFS=' 	'; eval 'exec env $w_') >want ;;
	shell) sh -c "$w_" >want ;;
	esac
	sh -c "$(cat hint)" >got 2>&1 ||
		note_ "the hint failed: $(cat hint):" "$(cat got)" || return 1
	cmp -s want got ||
		note_ "for '$w_', the hint $(cat hint) printed" "$(cat got)" \
		"instead of" "$(cat want)"
}

# The headline case: a URL with a query is split, not sent to a shell,
# and the options stay.
hint -a 3 --delay=5s "args -fsS https://h/p?a=1&b=2" || fail=1
test "$(cat hint)" = "retry -a 3 --delay=5s args -fsS 'https://h/p?a=1&b=2'" ||
	note_ "the hint is $(cat hint)" || fail=1
works split -a 1 "args -fsS https://h/p?a=1&b=2" || fail=1

# Words a shell would glob, expand or cut: quoted one by one.
works split -a 1 "args *.c ~ #x [ab] {a,b} a&b cost \$5 !x" || fail=1
works split -a 1 "  args   one	two  " || fail=1
works split -a 1 -- "args -x" || fail=1
works split -m "my label" -a 1 "args x" || fail=1
test "$(cat hint)" = "retry -m 'my label' -a 1 args x" ||
	note_ "the hint is $(cat hint)" || fail=1

# NAME=VALUE first: through env.
works split -a 1 "FOO=bar args x" || fail=1
test "$(cat hint)" = "retry -a 1 env FOO=bar args x" ||
	note_ "the hint is $(cat hint)" || fail=1
works split -a 1 "FOO=/a/b args x" || fail=1

# Shell syntax: run by sh -c, quoted.
works shell -a 1 "args a | tr a b" || fail=1
grep "^retry -a 1 sh -c 'args a | tr a b'\$" hint >/dev/null ||
	note_ "the hint is $(cat hint)" || fail=1
works shell -a 1 "args a; args b" || fail=1
works shell -a 1 "args a && args b" || fail=1
works shell -a 1 "args a >/dev/null" || fail=1
works shell -a 1 "args \$HOME \${FOO-x}" || fail=1
works shell -a 1 "args \$(echo sub) \`echo b\`" || fail=1
works shell -a 1 "args \"two words\" 'it''s'" || fail=1
works shell -a 1 "FOO=bar args x | cat" || fail=1

Exit "$fail"
