#!/bin/sh
# SPDX-License-Identifier: ISC
# retry as built is linked dynamically against the C library, as
# distributions require (Debian Policy 10.1: a fix to libc reaches it
# without a rebuild), and against nothing else: hiredis, c-ares and
# OpenSSL are loaded when a run first uses a redis: store (src/proc/dynlib.h),
# so no NEEDED entry names them and a run without a store maps none of
# them. Still a PIE (ELF type DYN), read-only after relocation
# (GNU_RELRO). A build that the user linked statically (LDFLAGS=-static,
# 'make static') is skipped: it chose otherwise.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

command -v readelf >/dev/null 2>&1 || skip_ "readelf is not installed"
# The sanitizers' runtime (CI's distcheck): not the build that ships.
if grep -a -q -e __asan_init -e __ubsan_handle "$RETRY"; then
	skip_ "a sanitized build links its runtime too"
fi
static_binary_ "$RETRY" && skip_ "$RETRY is linked statically: its builder chose so"

LC_ALL=C readelf -hlWd "$RETRY" >elf 2>err ||
	framework_failure_ "readelf: $(cat err)"
grep -q 'Type: *DYN' elf ||
	note_ "not a position-independent executable:" "$(grep Type: elf)" || fail=1
grep -q 'GNU_RELRO' elf ||
	note_ "no GNU_RELRO segment" || fail=1
sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' elf >needed
test -s needed || note_ "no NEEDED entry: not linked against a C library" || fail=1
# glibc's libc.so.6 (and, before 2.34, libdl and libpthread), musl's
# libc.so: the C library's own parts only.
grep -v -e '^libc\.so' -e '^libdl\.so' -e '^libpthread\.so' \
	-e '^libc\.musl' -e '^ld-' needed >others
test ! -s others ||
	note_ "linked against more than the C library:" "$(cat others)" || fail=1

# A run without a store maps none of the store's libraries: seen in the
# maps of a run held by its command, not guessed from the link.
"$RETRY" -a 1 -- sh -c 'cat /proc/$PPID/maps >maps' || fail=1
test -s maps || framework_failure_ "no maps of retry's process"
if grep -e hiredis -e cares -e libssl -e libcrypto maps; then
	note_ "a run with no store mapped a store's library" || fail=1
fi

Exit "$fail"
