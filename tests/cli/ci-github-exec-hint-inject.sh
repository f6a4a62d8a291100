#!/bin/sh
# SPDX-License-Identifier: ISC
# A command line given as one word, not found: the report and the hint
# that names it (shown even with -q) can carry neither an LF nor a CR
# as they are, so no line of theirs starts a GitHub workflow command
# ("::error::pwned'"), nor one that does not start with "retry: " in
# plain text.  The hint quotes such a word as $'...', which a shell reads
# back as the same command (issue 38).

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-ci.sh
. "$TESTS_DIR/lib-ci.sh"

for sep in '\n' '\r'; do
	# shellcheck disable=SC2059 # $sep: an escape for printf
	cmd=$(printf "nosuchcmd arg${sep}::error::pwned")
	piped_ 127 env GITHUB_ACTIONS=true "$RETRY" -q -a 1 -- "$cmd" ||
		fail=1
	meant_lines_ github || fail=1
	grep -q '^::error::retry: nosuchcmd arg\\[nr]::error::pwned: command not found$' err ||
		note_ "no error annotation, escaped:" "$(cat -v err)" || fail=1
	# LF is shell syntax (sh -c $'...'); CR splits the words only.
	grep -Eq "^retry: hint: .* (sh -c \\\$'nosuchcmd |nosuchcmd \\\$')arg\\\\[nr]::error::pwned'\$" \
		err ||
		note_ "the hint does not quote it as \$'...':" "$(cat -v err)" ||
		fail=1

	returns_ 127 "$RETRY" -a 1 -- "$cmd" 2>err || fail=1
	meant_lines_ || fail=1
done

# The hint's word, read back by a shell that knows $'...', is the command.
if command -v bash >/dev/null 2>&1; then
	cmd=$(printf 'nosuchcmd it'\''s\\ \001\303\251\377\n::error::pwned')
	returns_ 127 "$RETRY" -a 1 -- "$cmd" 2>err || fail=1
	meant_lines_ || fail=1
	sed -n "s/^retry: hint: .* sh -c \(\$'.*'\)\$/\1/p" err >word
	test -s word || note_ "no \$'...' word in the hint:" "$(cat -v err)" ||
		fail=1
	printf '%s' "$cmd" >want
	bash -c "printf '%s' $(cat word)" >got
	cmp -s want got ||
		note_ "the hint's word reads back otherwise:" "$(od -c got)" ||
		fail=1
fi

Exit "$fail"
