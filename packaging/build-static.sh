#!/bin/sh
# SPDX-License-Identifier: ISC
# build-static.sh TARBALL [OUTDIR]: build retry-static, retry linked
# statically against musl (musl-gcc -static), from a release tarball
# ('make dist') unpacked in a temporary directory. 'make static' runs it.
#
# From the tarball, not the tree: the tree's objects are glibc's, and
# automake will not make a second (VPATH) build from a source tree that is
# configured in place; the tarball is also what users build from.
#
# --without-redis: Debian's hiredis, c-ares and OpenSSL are built for
# glibc and cannot be linked into a musl binary, so the static binary has
# the file: store only (its --version says so). Stripped (-s): it is
# meant to be copied into containers and onto hosts, not debugged.
# The binary lands in OUTDIR (default: the current directory).
set -eu

tarball=${1:?usage: build-static.sh TARBALL [OUTDIR]}
out=${2:-.}
test -r "$tarball" || { echo "build-static.sh: no $tarball" >&2; exit 1; }
command -v musl-gcc >/dev/null 2>&1 || {
	echo "build-static.sh: no musl-gcc (on Debian: apt-get install musl-tools)" >&2
	exit 1
}
out=$(cd "$out" && pwd)

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
tar -xzf "$tarball" -C "$tmp" --strip-components=1
# Check is built for glibc: the binary only, not the unit tests.
(cd "$tmp" && ./configure -q CC=musl-gcc CFLAGS=-O2 LDFLAGS='-static -s' \
	--without-redis && make src/retry)
# A dynamic binary here would be a broken musl-gcc, not a static build.
if readelf -l "$tmp/src/retry" | grep -q 'program interpreter'; then
	echo "build-static.sh: src/retry is not static" >&2
	exit 1
fi
cp "$tmp/src/retry" "$out/retry-static"
echo "build-static.sh: $out/retry-static"
