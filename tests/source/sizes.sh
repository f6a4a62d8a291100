#!/bin/sh
# SPDX-License-Identifier: ISC
# One concern per file, a function that fits a screen (issue 41): no file
# of src/ over 800 lines, no function over 60 (from the line with its
# name to its closing brace). Help text and tables aside: a function
# named in TEXT below is a text or a table that reads best whole, and is
# let through with the reason beside it.
#   tests/source/sizes.sh [SRCDIR]
LC_ALL=C
export LC_ALL
src=${1:-${srcdir:-$(dirname "$0")/../..}/src}
files=$(find "$src" -name '*.[ch]' | sort)
[ -n "$files" ] || { echo "ERROR: no sources in $src" >&2; exit 99; }

# name: why it may run past 60 lines
TEXT='options_help: the --help text, one line of it per line of code
'

fail=0
for f in $files; do
	n=$(wc -l <"$f")
	if [ "$n" -gt 800 ]; then
		echo "${f#"$src"/}: $n lines, more than 800"
		fail=1
	fi
done

# The awk must see functions at all: a tree it cannot parse passes
# nothing, so it counts them and the test fails below 100.
# shellcheck disable=SC2086
out=$(awk -v text="$TEXT" -v src="$src" '
BEGIN {
	n = split(text, t, "\n")
	for (i = 1; i <= n; i++)
		if (t[i] != "") {
			sub(/:.*/, "", t[i])
			allowed[t[i]] = 1
		}
}
FNR == 1 { start = pending = 0 }
# A name at the start of a line, then a brace at the start of a line: a
# definition. A macro called at file scope ends in ");" first.
/^[a-zA-Z_][a-zA-Z0-9_]*\(/ && !start {
	name = $0
	sub(/\(.*/, "", name)
	pending = FNR
}
pending && /;[ \t]*$/ { pending = 0 }
/^{/ && pending { start = pending; pending = 0 }
/^}/ && start {
	funcs++
	len = FNR - start + 1
	if (len > 60 && !(name in allowed)) {
		f = substr(FILENAME, length(src) + 2)
		printf "%s: %s: %d lines, more than 60\n", f, name, len
	}
	start = 0
}
END { printf "functions: %d\n", funcs }' $files)
echo "$out" | grep -v '^functions:' && fail=1
count=$(echo "$out" | sed -n 's/^functions: //p')
if [ "${count:-0}" -lt 100 ]; then
	echo "only ${count:-0} functions found in $src: the check cannot work"
	fail=1
fi
exit $fail
