#!/bin/sh
# SPDX-License-Identifier: ISC
# The run stays readable (issue 23): src/run/run.c at most 450 lines, none of
# its functions longer than 40 (from the line with its name to its closing
# brace), so that the next feature lands in a module of its own. The
# attempt loop it runs, src/run/flight.c (issue 41), keeps its functions to
# 40 lines too; its size is sizes.sh's to bound.
: "${srcdir:=.}"
fail=0
for f in "$srcdir/src/run/run.c" "$srcdir/src/run/flight.c"; do
	name=src/run/${f##*/}
	[ -r "$f" ] || { echo "no $f"; exit 1; }
	lines=$(wc -l <"$f")
	if [ "$name" = src/run/run.c ] && [ "$lines" -gt 450 ]; then
		echo "$name: $lines lines, more than 450"
		fail=1
	fi
	long=$(awk '/^[a-zA-Z_][a-zA-Z0-9_]*\(/ { name = $0; sub(/\(.*/, "", name); start = NR }
		/^}/ && start { if (NR - start + 1 > 40) printf "%s: %d lines\n", name, NR - start + 1; start = 0 }' "$f")
	if [ -n "$long" ]; then
		echo "$name: functions longer than 40 lines:"
		echo "$long"
		fail=1
	fi
	# The awk must see the functions at all: a file it cannot parse passes
	# nothing.
	n=$(grep -c '^[a-zA-Z_][a-zA-Z0-9_]*(' "$f")
	if [ "$n" -lt 5 ]; then
		echo "$name: only $n functions found; the check cannot work"
		fail=1
	fi
done
exit $fail
