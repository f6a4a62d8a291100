#!/bin/sh
# SPDX-License-Identifier: ISC
# The layers of layers.sh, in the calls: read with nm from the objects
# the build made, a symbol a module uses (undefined in its object) must be
# defined in its own layer or below, and the modules' call graph has no
# cycle. Where a module calls up, the includes may still look clean (a
# prototype declared in a header below): this is what sees it.
#   tests/source/calls.sh [OBJDIR]
# OBJDIR: the build's src/ (beside $RETRY under make check).
LC_ALL=C
export LC_ALL
LAYERS="policy proc store report run"

obj=${1:-}
[ -n "$obj" ] || obj=$(dirname "${RETRY:-src/retry}")
here=${srcdir:-$(dirname "$0")/../..}/tests/source
[ -r "$here/graph.awk" ] || here=$(dirname "$0")
command -v nm >/dev/null 2>&1 || { echo "SKIP: no nm"; exit 77; }
set -- "$obj"/*/*.o
if [ ! -f "$1" ]; then
	printf 'ERROR: no objects in %s/*/ (build first)\n' "$obj" >&2
	exit 99
fi

# LAYER MODULE D|U SYMBOL, for every object of a layer's folder.
for o in "$@"; do
	l=${o%/*}
	l=${l##*/}
	m=${o##*/}
	m=${m%.o}
	m=${m#*-}	# libretry_a-foo.o where a target has flags of its own
	echo "$l $m M -"
	nm "$o" | awk -v l="$l" -v m="$m" '
	$1 == "U" { print l, m, "U", $2; next }
	NF == 3 && $2 ~ /^[TDBRCVW]$/ { print l, m, "D", $3 }'
done | awk '
$3 == "M" { print $1, $2, $1, $2; next }
$3 == "D" { def[$4] = $1 " " $2; next }
$3 == "U" { use[++n] = $0 }
END {
	for (i = 1; i <= n; i++) {
		split(use[i], u, " ")
		if (u[4] in def) {
			split(def[u[4]], d, " ")
			if (d[2] != u[2])
				printf "%s %s %s %s calls %s (%s.o)\n", u[1], u[2], \
				    d[1], d[2], u[4], d[2]
		}
	}
}' | awk -v order="$LAYERS" -v what=calls -f "$here/graph.awk"
