#!/bin/sh
# SPDX-License-Identifier: ISC
# The modules of src/ are layered: each includes only modules below it,
# so the graph of their #include "..." lines has no cycle (foo.c and foo.h
# are one module; a header not in src/, as config.h, is no module). An
# arrow that runs upward closes a cycle: the test prints the cycle and the
# lines that make it, and fails. It prints the graph too, one module a
# line with what it includes.
#   tests/source/layers.sh [SRCDIR]
# SRCDIR: the tree's src/ ($srcdir/src under make check, else the one
# beside this script).
LC_ALL=C
export LC_ALL

src=${1:-${srcdir:-$(dirname "$0")/../..}/src}
if [ ! -f "$src/main.c" ]; then
	printf 'ERROR: no sources in %s\n' "$src" >&2
	exit 99
fi

exec awk '
function module(file) {
	sub(/.*\//, "", file)
	sub(/\.[ch]$/, "", file)
	return file
}

# Insertion sort of a[1..n]: the lists are short.
function sort(a, n,    i, j, t) {
	for (i = 2; i <= n; i++) {
		t = a[i]
		for (j = i - 1; j >= 1 && a[j] > t; j--)
			a[j + 1] = a[j]
		a[j + 1] = t
	}
}

# Depth first from m: an arrow to a module still on the path is a cycle.
function visit(m,    i, k, d, path, lines) {
	state[m] = 1
	stack[++depth] = m
	for (i = 1; i <= ndeps[m]; i++) {
		d = deps[m, i]
		if (state[d] == 1) {
			for (k = depth; stack[k] != d; k--)
				;
			path = lines = ""
			for (; k <= depth; k++) {
				path = path stack[k] " -> "
				lines = lines "\n  " why[stack[k], \
				    k < depth ? stack[k + 1] : d]
			}
			printf "cycle: %s%s%s\n", path, d, lines
			cycles++
		} else if (state[d] == 0)
			visit(d)
	}
	depth--
	state[m] = 2
}

# Every file names a module, one with no include line too.
BEGIN {
	for (i = 1; i < ARGC; i++) {
		m = module(ARGV[i])
		if (!(m in known)) {
			known[m] = 1
			mods[++nmods] = m
		}
	}
}

/^[ \t]*#[ \t]*include[ \t]*"/ {
	inc = $0
	sub(/^[^"]*"/, "", inc)
	sub(/".*/, "", inc)
	m = module(FILENAME)
	d = module(inc)
	file = FILENAME
	sub(/.*\//, "", file)
	if (m != d && !((m, d) in why)) {
		why[m, d] = file " includes " inc
		edge[++nedges] = m SUBSEP d
	}
}

END {
	# Arrows only to modules of src/: config.h and the like are none.
	for (e = 1; e <= nedges; e++) {
		split(edge[e], md, SUBSEP)
		if (md[2] in known)
			deps[md[1], ++ndeps[md[1]]] = md[2]
	}
	sort(mods, nmods)
	for (i = 1; i <= nmods; i++) {
		m = mods[i]
		for (j = 1; j <= ndeps[m]; j++)
			list[j] = deps[m, j]
		sort(list, ndeps[m])
		line = m ":"
		for (j = 1; j <= ndeps[m]; j++) {
			deps[m, j] = list[j]
			line = line " " list[j]
		}
		print line
	}
	for (i = 1; i <= nmods; i++)
		if (state[mods[i]] == 0)
			visit(mods[i])
	if (cycles > 0) {
		printf "FAIL: %d arrow(s) in src/ run upward, each closing " \
		    "the cycle shown\n", cycles
		exit 1
	}
}' "$src"/*.c "$src"/*.h
