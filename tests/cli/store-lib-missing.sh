#!/bin/sh
# SPDX-License-Identifier: ISC
# A machine without the store's libraries (hiredis, c-ares, OpenSSL:
# loaded when used, src/proc/dynlib.h): retry starts and works as ever; a run
# that asks for a redis: store says which library is missing and goes on
# without its budget, the command run and its status kept, never a
# crash; and --version says what the build would load and that it is not
# there. The machine is a root holding retry, the C library and the
# dynamic loader (as ldd lists them) and a static busybox for the command:
# nothing else. Skips without root (or a user namespace to be root in),
# chroot, ldd or a static busybox, and in a build without the store.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

out=$("$RETRY" --version) || framework_failure_ "retry --version failed"
case $out in
*'Built without the redis: store'*) skip_ "a build without the redis: store" ;;
esac
command -v readelf >/dev/null 2>&1 || skip_ "readelf is not installed"
# The sanitizers' runtime (CI's distcheck): not the build that ships.
if grep -a -q -e __asan_init -e __ubsan_handle "$RETRY"; then
	skip_ "a sanitized build needs /proc and its runtime, which the root lacks"
fi
static_binary_ "$RETRY" && skip_ "a static build loads no library"
command -v ldd >/dev/null 2>&1 || skip_ "no ldd"
chroot=$(command -v chroot 2>/dev/null) || skip_ "no chroot"
busybox=$(command -v busybox 2>/dev/null) || skip_ "no busybox"
static_binary_ "$busybox" || skip_ "$busybox is not static (busybox-static)"
if test "$(id -u)" = 0; then
	as_root_() { "$@"; }
elif unshare -r true 2>/dev/null; then
	as_root_() { unshare -r "$@"; }
else
	skip_ "chroot needs root or a user namespace"
fi

mkdir -p root/bin root/tmp || framework_failure_ "cannot make the root"
cp "$RETRY" root/bin/retry && cp "$busybox" root/bin/busybox &&
	ln -s busybox root/bin/sh && ln -s busybox root/bin/true ||
	framework_failure_ "cannot fill the root"
# The C library and the loader, at the paths ldd gives.
ldd "$RETRY" | sed -n 's/.*=> \(\/[^ ]*\) .*/\1/p; s/^[[:space:]]*\(\/[^ ]*\) .*/\1/p' >libs
test -s libs || framework_failure_ "ldd lists no library:" "$(ldd "$RETRY")"
while read -r lib; do
	mkdir -p "root$(dirname "$lib")" && cp -L "$lib" "root$lib" ||
		framework_failure_ "cannot copy $lib"
done <libs
if ls root/lib* root/usr/lib* 2>/dev/null | grep -e hiredis -e cares -e libssl; then
	framework_failure_ "a store library came with the C library"
fi
in_root_() { as_root_ env -i PATH=/bin "$chroot" "$PWD/root" "$@"; }

# A plain run: as ever.
in_root_ /bin/retry -a 2 -d 0 -- /bin/sh -c 'echo ran >>/tmp/runs; exit 3' 2>err
test $? = 3 || note_ "a plain run: status not 3:" "$(cat err)" || fail=1
expect_lines 2 root/tmp/runs || fail=1

# store_missing_ URL LIB: a run with the store at URL says that LIB is
# missing, goes on without its budget, and runs the command once with its
# status kept.
store_missing_() {
	rm -f root/tmp/runs
	in_root_ /bin/retry -a 1 --budget=b --store="$1" -- /bin/sh -c \
		'echo ran >>/tmp/runs; exit 4' 2>err
	st=$?
	test "$st" = 4 || note_ "$1: status $st, not 4:" "$(cat err)" || fail=1
	expect_lines 1 root/tmp/runs || fail=1
	grep "warning: budget b cannot be used (.*needs $2: not found).*going on without it" \
		err >/dev/null ||
		note_ "$1: no warning that $2 is missing:" "$(cat err)" || fail=1
}

# The store's libraries, by soname, as --version names them.
"$RETRY" --version | sed -n 's/^Loads when used: //p' | tr ',' '\n' |
	sed 's/ (not found here)$//; s/^ //' >sonames
hiredis=$(grep '^libhiredis' sonames) && cares=$(grep '^libcares' sonames) ||
	framework_failure_ "--version names no hiredis or c-ares:" "$(cat sonames)"
ssl=$(grep '^libssl' sonames)

# None of them: hiredis is the first a store loads.
for url in redis://127.0.0.1:1 redis://nosuch.invalid:1 rediss://127.0.0.1:1; do
	store_missing_ "$url" "$hiredis"
done
# hiredis there: a name needs c-ares; an address does not.
lib_path_() { ldconfig -p | sed -n "s/^[[:space:]]*$1 (.*) => //p" | head -n 1; }
for so in "$hiredis"; do
	p=$(lib_path_ "$so") && test -n "$p" || skip_ "ldconfig does not find $so"
	mkdir -p "root$(dirname "$p")" && cp -L "$p" "root$p" ||
		framework_failure_ "cannot copy $p"
done
store_missing_ redis://nosuch.invalid:1 "$cares"
rm -f root/tmp/runs
in_root_ /bin/retry -a 1 --budget=b --store=redis://127.0.0.1:1 -- /bin/sh -c \
	'echo ran >>/tmp/runs; exit 4' 2>err
grep 'needs' err && { note_ "an address needs no c-ares:" "$(cat err)"; fail=1; }
expect_lines 1 root/tmp/runs || fail=1
# rediss://, with hiredis there: OpenSSL is the one missing.
if test -n "$ssl"; then
	store_missing_ rediss://127.0.0.1:1 "$ssl"
fi

# --version: what it would load, and that it is not there.
in_root_ /bin/retry --version >version 2>err ||
	note_ "--version failed:" "$(cat err)" || fail=1
grep '^Loads when used: .*libcares\.so[0-9.]* (not found here)' version \
	>/dev/null ||
	note_ "--version does not say that libcares is missing:" \
		"$(cat version)" || fail=1

Exit "$fail"
