# SPDX-License-Identifier: ISC
# The layer rule, on a graph read from standard input, one arrow a line:
#   FROM_LAYER FROM_MODULE TO_LAYER TO_MODULE WHY...
# An arrow to a layer above its own fails, with its WHY (the include
# line, or the symbol and the objects). A cycle of modules fails too,
# within a layer as across: it is printed with the arrows that make it.
# The graph is printed first, a module a line with where it points.
# -v order="policy proc store report run": the layers, bottom up.
# -v what="includes": the word for an arrow in the messages.
BEGIN {
	n = split(order, o, " ")
	for (i = 1; i <= n; i++)
		rank[o[i]] = i
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
			bad++
		} else if (state[d] == 0)
			visit(d)
	}
	depth--
	state[m] = 2
}

function add(m, l) {
	if (!(m in layer)) {
		layer[m] = l
		mods[++nmods] = m
	}
	if (!(l in rank)) {
		printf "%s: in %s/, no layer of \"%s\"\n", m, l, order
		bad++
	}
}

NF >= 4 {
	add($2, $1)
	if ($4 == "" || $2 == $4)
		next
	add($4, $3)
	w = $0
	sub(/^[^ ]+ [^ ]+ [^ ]+ [^ ]+ */, "", w)
	if (rank[$3] > rank[$1]) {
		printf "upward: %s (%s) %s %s (%s): %s\n", $2, $1, what, $4, $3, w
		bad++
	}
	if (!(($2, $4) in why)) {
		why[$2, $4] = w
		deps[$2, ++ndeps[$2]] = $4
	}
}

END {
	sort(mods, nmods)
	for (i = 1; i <= nmods; i++) {
		m = mods[i]
		for (j = 1; j <= ndeps[m]; j++)
			list[j] = deps[m, j]
		sort(list, ndeps[m])
		line = layer[m] "/" m ":"
		for (j = 1; j <= ndeps[m]; j++) {
			deps[m, j] = list[j]
			line = line " " list[j]
		}
		print line
	}
	for (i = 1; i <= nmods; i++)
		if (state[mods[i]] == 0)
			visit(mods[i])
	if (nmods < 20) {
		printf "only %d modules seen: the check cannot work\n", nmods
		exit 1
	}
	if (bad > 0) {
		printf "FAIL: %d arrow(s) break the layers (bottom up: %s)\n", \
		    bad, order
		exit 1
	}
}
