#!/bin/sh
# SPDX-License-Identifier: ISC
# retry is linked as a static PIE when configure found that it could
# (BUILT_STATIC_PIE=yes from make check; configure.ac says why: no
# dynamic loader at each start, issue 28), and dynamically otherwise.
# As a static PIE: no program interpreter, no shared library needed, a
# position-independent executable (ELF type DYN) with its relocations
# read-only after start (GNU_RELRO), and so loaded at a new address each
# run where the kernel randomizes them: two runs' maps differ.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

case ${BUILT_STATIC_PIE:-} in
yes | no) ;;
*) skip_ "BUILT_STATIC_PIE is not set: run from make check" ;;
esac
command -v readelf >/dev/null 2>&1 || skip_ "readelf is not installed"

LC_ALL=C readelf -hlWd "$RETRY" >elf 2>err ||
	framework_failure_ "readelf: $(cat err)"
if [ "$BUILT_STATIC_PIE" = no ]; then
	# Dynamic, or static by the user's LDFLAGS (-static: ELF type EXEC),
	# but not a static PIE that configure did not choose.
	if ! grep -q 'program interpreter' elf && grep -q 'Type: *DYN' elf; then
		note_ "configure chose no static PIE, and $RETRY is one"
		fail=1
	fi
	Exit "$fail"
fi

grep -q 'program interpreter' elf &&
	{ note_ "a static PIE was configured, and $RETRY has a program" \
		"interpreter:" "$(grep interpreter elf)"; fail=1; }
grep -q '(NEEDED)' elf &&
	{ note_ "$RETRY needs shared libraries:" "$(grep NEEDED elf)"; fail=1; }
grep -q 'Type: *DYN' elf ||
	note_ "$RETRY is not position-independent:" "$(grep 'Type:' elf)" ||
	fail=1
grep -q GNU_RELRO elf || note_ "$RETRY has no RELRO segment" || fail=1

# Where it was loaded, twice: the attempt reads its parent's (retry's)
# first mapping, the executable's first page.
if [ -r /proc/self/maps ] &&
    [ "$(cat /proc/sys/kernel/randomize_va_space 2>/dev/null)" != 0 ]; then
	for n in 1 2; do
		# shellcheck disable=SC2016 # $PPID is the attempt's
		"$RETRY" -a 1 -- sh -c 'head -n 1 /proc/$PPID/maps' >at$n 2>err ||
			note_ "run $n:" "$(cat err)" || fail=1
	done
	cut -d- -f1 at1 >a1
	cut -d- -f1 at2 >a2
	test -s a1 || note_ "no map read:" "$(cat err)" || fail=1
	cmp -s a1 a2 && { note_ "loaded at the same address twice: $(cat a1)"; fail=1; }
fi

Exit "$fail"
