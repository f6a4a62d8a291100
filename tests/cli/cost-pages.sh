#!/bin/sh
# SPDX-License-Identifier: ISC
# What retry's small zeroed data costs, in pages: none of its own.  At
# exec the kernel zeroes the rest of the page where the file's data ends,
# and .bss begins there: data that fits in that page is written with no
# page fault, and each page past it is one (about as dear as a dozen
# system calls on a VM; issue 28).  So .bss must end on the page it
# begins on, and zeroed data of some size goes to LARGE_ZEROED (large.h),
# which GNU ld places after it on x86-64, in .lbss.  A layout, not a time:
# it cannot flake.  When this fails, move the largest new .bss object
# (`nm -S --size-sort src/retry | grep -i ' b '`) to LARGE_ZEROED, or one
# a run does not write.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

# A static binary's .bss holds libc's too, which is not ours to place.
command -v readelf >/dev/null 2>&1 || skip_ "readelf is not installed"
static_binary_ "$RETRY" && skip_ "$RETRY is a static binary"

# A sanitized build's data has red zones around it (CI's distcheck).
if grep -a -q -e __asan_init -e __ubsan_handle "$RETRY"; then
	skip_ "a sanitized build: its data is laid out by the sanitizer"
fi
readelf -SW "$RETRY" >sections 2>err || framework_failure_ "readelf: $(cat err)"
grep -q ' \.lbss ' sections ||
	skip_ "no .lbss here (not x86-64 with GNU ld): LARGE_ZEROED is plain .bss"

page=$(getconf PAGESIZE 2>/dev/null || echo 4096)
# "[Nr] Name Type Address Off Size ...": the address and size of .bss,
# in hexadecimal.
set -- $(sed -n 's/^ *\[ *[0-9]*\] *\.bss  *NOBITS  *\([0-9a-f]*\) [0-9a-f]* \([0-9a-f]*\) .*/\1 \2/p' sections)
test $# -eq 2 || framework_failure_ "no .bss in:" "$(cat sections)"
start=$((0x$1))
end=$((0x$1 + 0x$2))
first=$((start / page))
last=$(((end - 1) / page))

# Starting on a page boundary, .bss would have no zeroed page to share.
test $((start % page)) -ne 0 ||
	note_ ".bss begins on a page of its own (at $1)" || fail=1
# The largest objects in .bss, to name in a failure (nm's addresses are
# fixed-width hexadecimal: compared as strings).
largest() {
	lo=$(printf '%016x' "$start")
	hi=$(printf '%016x' "$end")
	nm -S --size-sort "$RETRY" 2>/dev/null |
		awk -v lo="$lo" -v hi="$hi" '$1 >= lo && $1 < hi' | tail -n 5
}
test "$first" -eq "$last" ||
	note_ ".bss ($((end - start)) bytes from 0x$1) spills past the" \
		"page it begins on, by $((end - last * page)) bytes; its" \
		"largest:" "$(largest)" ||
	fail=1

Exit "$fail"
