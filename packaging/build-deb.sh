#!/bin/sh
# SPDX-License-Identifier: ISC
# build-deb.sh TARBALL [OUTDIR]: build the Debian package retry-backoff
# from a release tarball ('make dist'), unpacked in a temporary directory,
# so that the tree it is run from stays clean. The debian/ directory is
# packaging/debian from the tarball itself: what is built is what ships.
# The .deb, .buildinfo and .changes land in OUTDIR (default: the current
# directory). 'make deb' runs it. DEB_JOBS: parallel jobs [2].
set -eu

tarball=${1:?usage: build-deb.sh TARBALL [OUTDIR]}
out=${2:-.}
test -r "$tarball" || { echo "build-deb.sh: no $tarball" >&2; exit 1; }
out=$(cd "$out" && pwd)
base=$(basename "$tarball" .tar.gz)
version=${base#retry-}
case $version in
"$base" | "") echo "build-deb.sh: $tarball is not retry-VERSION.tar.gz" >&2; exit 1 ;;
esac

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# mktemp's 0700 would keep out the tests that, run as root, drop to
# nobody and execute src/retry from the build tree (res-fork-fails).
chmod 755 "$tmp"
# The .orig tarball under the source package's name, as dpkg-source wants
# it for a source build; a binary build reads the unpacked tree.
cp "$tarball" "$tmp/retry-backoff_$version.orig.tar.gz"
tar -xzf "$tarball" -C "$tmp"
src=$tmp/$base
cp -R "$src/packaging/debian" "$src/debian"
(cd "$src" && dpkg-buildpackage -us -uc -b -j"${DEB_JOBS:-2}")

# The .changes lists the -dbgsym package too: keep it beside the others.
for f in "$tmp"/retry-backoff_*.deb "$tmp"/retry-backoff-dbgsym_*.deb \
    "$tmp"/retry-backoff_*.buildinfo "$tmp"/retry-backoff_*.changes; do
	test -e "$f" || continue
	mv "$f" "$out/"
	echo "build-deb.sh: $out/$(basename "$f")"
done
