#!/bin/sh
# SPDX-License-Identifier: ISC
# Build retry's libFuzzer targets into OUT (default /tmp/retry-fuzz).
# Usage: tests/fuzz/build.sh [OUT]. CC (default clang), EXTRA_CFLAGS and
# BUILDDIR (the configured tree holding config.h; default the source tree)
# may be set in the environment.
set -eu

top=$(cd "$(dirname "$0")/../.." && pwd)
out=${1:-/tmp/retry-fuzz}
builddir=${BUILDDIR:-$top}
cc=${CC:-clang}

if [ ! -f "$builddir/config.h" ]; then
	echo "build.sh: no config.h in $builddir: run ./configure first" >&2
	exit 1
fi

san="address,undefined"
flags="-g -O1 -fno-sanitize-recover=all"
warn="-Wall -Wextra -Wshadow -Wwrite-strings -Wmissing-prototypes
    -Wstrict-prototypes -Wpointer-arith -Wundef -Wvla"
incs="-I $builddir -I src -I . -I tests/fuzz"
# A tree configured with the redis: store links hiredis and c-ares.
libs=
if grep -q '^#define HAVE_HIREDIS 1' "$builddir/config.h"; then
	libs=$(pkg-config --libs hiredis libcares)
	incs="$incs $(pkg-config --cflags hiredis libcares)"
fi
if grep -q '^#define HAVE_OPENSSL 1' "$builddir/config.h"; then
	libs="$libs -ldl"	# OpenSSL itself is loaded when used
fi
targets="fuzz_duration fuzz_statuslist fuzz_jitter fuzz_options fuzz_http fuzz_budget fuzz_redis_url fuzz_redis_bound fuzz_pushback fuzz_metrics"

cd "$top"
rm -rf "$out/obj"
mkdir -p "$out/obj"

# Every module but main.c goes into an archive, instrumented for coverage:
# the linker takes from it only what a target needs, so a target links
# whatever modules options.c comes to depend on.
for src in src/*/*.c tests/fuzz/invariants.c; do
	case $src in
	src/run/main.c)
		continue
		;;
	tests/*)
		w=$warn
		;;
	*)
		w=
		;;
	esac
	obj=$out/obj/$(basename "$src" .c).o
	echo "  CC       $src"
	# A module that does not compile is left out: the link then says
	# whether a target needed it.
	# shellcheck disable=SC2086
	$cc $flags -fsanitize=fuzzer-no-link,$san $w ${EXTRA_CFLAGS:-} \
	    $incs -c -o "$obj" "$src" ||
	    echo "build.sh: $src left out" >&2
done
rm -f "$out/libretry-fuzz.a"
ar rcs "$out/libretry-fuzz.a" "$out"/obj/*.o

for target in $targets; do
	echo "  CCLD     $out/$target"
	# shellcheck disable=SC2086
	$cc $flags -fsanitize=fuzzer,$san $warn ${EXTRA_CFLAGS:-} $incs \
	    -o "$out/$target" "tests/fuzz/$target.c" "$out/libretry-fuzz.a" \
	    $libs -lm
done
