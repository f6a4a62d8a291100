#!/bin/sh
# SPDX-License-Identifier: ISC
# bench-files.sh SRCDIR DISTDIR: the release tarball, unpacked in DISTDIR,
# has what 'make bench' and every benchmark need ('make distcheck' runs
# it, as its distcheck-hook). It fails, naming each file missing, unless
# - every file of SRCDIR/bench is in DISTDIR/bench, but for what the
#   benchmarks write (bench/out/, bench/herd/out/ and build/) and
#   .gitignore: so a file added to bench/ must be added to EXTRA_DIST;
# - every file that a shell script of bench/ names beside itself
#   ("$here/NAME") is there, and executable when it is run (no .c or .md);
# - bench/run, which 'make bench' runs, and bench/herd/run are executable.
# Nothing is built or run: a benchmark takes minutes.
set -eu

src=${1:?usage: bench-files.sh SRCDIR DISTDIR}
dist=${2:?usage: bench-files.sh SRCDIR DISTDIR}
missing=
miss() {
	missing="$missing
  $1"
}

test -d "$src/bench" || { echo "bench-files.sh: no $src/bench" >&2; exit 2; }

# The source tree's bench/, as the tarball must have it.
list=$(cd "$src" && find bench \( -name out -o -name build \) -prune -o \
    -type f ! -name .gitignore -print | sort)
for f in $list; do
	test -f "$dist/$f" || miss "$f (in bench/, not in the tarball: EXTRA_DIST)"
done

# What the scripts in the tarball read or run from beside themselves.
for script in $(cd "$dist" && find bench -type f | sort); do
	head -n 1 "$dist/$script" | grep -q '^#!.*sh' || continue
	dir=$(dirname "$script")
	names=$(grep -o '\$here/[A-Za-z0-9._/-]*' "$dist/$script" |
	    sed 's|^\$here/||' | sort -u)
	for name in $names; do
		case $name in
		out | out/* | build | build/*) continue ;;
		esac
		f=$dir/$name
		if [ ! -f "$dist/$f" ]; then
			miss "$f (named by $script)"
			continue
		fi
		case $name in
		*.c | *.md) ;;
		*) test -x "$dist/$f" || miss "$f (run by $script: not executable)" ;;
		esac
	done
done

for f in bench/run bench/herd/run; do
	test -x "$dist/$f" || miss "$f (not executable, or not there)"
done

if [ -n "$missing" ]; then
	echo "bench-files.sh: the tarball in $dist lacks what 'make bench' needs:$missing" >&2
	exit 1
fi
echo "bench-files.sh: $(echo "$list" | wc -l) files of bench/ in the tarball, and every one its scripts name"
