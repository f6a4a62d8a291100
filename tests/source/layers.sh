#!/bin/sh
# SPDX-License-Identifier: ISC
# The layers of src/, bottom up, a folder each (issue 41):
#   policy  pure rules: durations, lists, backoff, verdict, budget
#           arithmetic, conditions, the parsers; no I/O
#   proc    processes and I/O: the event loop, supervision, stdin replay,
#           output, sinks, files, libraries loaded when used
#   store   the shared stores: file, Redis, the URL, resolver, TLS
#   report  what retry says: messages, the live line, CI, metrics
#   run     the run on top: main, options, the attempt loop, gate, hooks
# A file includes only from its own layer or below, and names the layer
# ("policy/duration.h"); the modules' include graph has no cycle (foo.c
# and foo.h are one module). A line that breaks this fails the test,
# printed whole. calls.sh checks the same of the calls, in the objects.
#   tests/source/layers.sh [SRCDIR]
LC_ALL=C
export LC_ALL
LAYERS="policy proc store report run"

src=${1:-${srcdir:-$(dirname "$0")/../..}/src}
here=${srcdir:-$(dirname "$0")/../..}/tests/source
[ -r "$here/graph.awk" ] || here=$(dirname "$0")
if [ ! -f "$src/run/main.c" ]; then
	printf 'ERROR: no sources in %s\n' "$src" >&2
	exit 99
fi

# A file of src/ outside the layers' folders is in none.
for f in "$src"/*.[ch]; do
	[ -e "$f" ] || continue
	echo "upward: ${f#"$src"/} is in no layer's folder"
	exit 1
done

# FROM_LAYER FROM_MODULE TO_LAYER TO_MODULE WHY: an arrow per include of
# a header of src/; a header that names no layer is in none ("-").
for f in "$src"/*/*.[ch]; do
	l=${f%/*}
	l=${l##*/}
	m=${f##*/}
	m=${m%.[ch]}
	echo "$l $m $l $m"
	awk -v l="$l" -v m="$m" -v file="$l/${f##*/}" -v src="$src" '
	/^[ \t]*#[ \t]*include[ \t]*"/ {
		inc = $0
		sub(/^[^"]*"/, "", inc)
		sub(/".*/, "", inc)
		if (inc == "config.h")
			next
		if (inc !~ /\//) {
			# A header beside the file, not named by its layer.
			if (system("test -f \"" src "/" l "/" inc "\"") == 0)
				printf "%s %s - %s %s:%d: %s (name its layer)\n", \
				    l, m, inc, file, FNR, $0
			next
		}
		tl = inc
		sub(/\/.*/, "", tl)
		tm = inc
		sub(/.*\//, "", tm)
		sub(/\.h$/, "", tm)
		printf "%s %s %s %s %s:%d: %s\n", l, m, tl, tm, file, FNR, $0
	}' "$f"
done | awk -v order="$LAYERS" -v what=includes -f "$here/graph.awk"
