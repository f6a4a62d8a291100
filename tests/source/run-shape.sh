#!/bin/sh
# SPDX-License-Identifier: ISC
# The loop stays readable (issue 23): src/run/run.c at most 450 lines, none of
# its functions longer than 40 (from the line with its name to its closing
# brace), so that the next feature lands in a module of its own.
: "${srcdir:=.}"
f=$srcdir/src/run/run.c
[ -r "$f" ] || { echo "no $f"; exit 1; }
fail=0
lines=$(wc -l <"$f")
if [ "$lines" -gt 450 ]; then
	echo "src/run/run.c: $lines lines, more than 450"
	fail=1
fi
long=$(awk '/^[a-zA-Z_][a-zA-Z0-9_]*\(/ { name = $0; sub(/\(.*/, "", name); start = NR }
	/^}/ && start { if (NR - start + 1 > 40) printf "%s: %d lines\n", name, NR - start + 1; start = 0 }' "$f")
if [ -n "$long" ]; then
	echo "src/run/run.c: functions longer than 40 lines:"
	echo "$long"
	fail=1
fi
# The awk must see the functions at all: a file it cannot parse passes
# nothing.
n=$(grep -c '^[a-zA-Z_][a-zA-Z0-9_]*(' "$f")
if [ "$n" -lt 5 ]; then
	echo "src/run/run.c: only $n functions found; the check cannot work"
	fail=1
fi
exit $fail
