#!/bin/sh
# SPDX-License-Identifier: ISC
# The manual's examples can be copied from an 80-column terminal (issue
# 42): rendered 80 wide, no line of the examples is wider, and no example
# wraps: its lines are the same as rendered 200 wide, and a line that
# ends in '\' goes on in a line of the display, not in the text around.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

man=$TESTS_DIR/../../man/retry.1
test -f "$man" || framework_failure_ "missing $man"
command -v mandoc >/dev/null 2>&1 || skip_ "mandoc is not installed"

# examples WIDTH: the page rendered WIDTH wide, without overstrikes, cut
# to its examples: the Examples subsection and the EXAMPLES section.
examples() {
	mandoc -Tascii -Owidth="$1" "$man" | sed 's/.\x08//g' | awk '
		/^   Examples$/ || /^EXAMPLES$/ { on = 1; level = /^E/ ? 0 : 3; next }
		on && /^[^ ]/ { on = 0 }
		on && level == 3 && /^   [^ ]/ { on = 0 }
		on { print }'
}

examples 80 >ex80 || fail=1
examples 200 >ex200 || fail=1
# The displays: indented deeper than the text (5 columns).
grep '^       ' ex80 >disp80
grep '^       ' ex200 >disp200

test "$(grep -c 'retry' disp80)" -ge 10 ||
	fail_ "fewer than 10 examples found:" "$(cat ex80)"

awk 'length > 80 { printf "%d columns: %s\n", length, $0 }' ex80 >wide
test ! -s wide || note_ "examples wider than 80 columns:" "$(cat wide)" ||
	fail=1
awk 'length > 80 { printf "%d columns: %s\n", length, $0 }' disp200 >wide
test ! -s wide || note_ "examples wider than 80 columns, 200 wide:" \
	"$(cat wide)" || fail=1

cmp -s disp80 disp200 || note_ "an example wraps at 80 columns:" \
	"$(diff disp200 disp80 | grep '^[<>]')" || fail=1

# A line ending in '\' goes on in the display.
awk 'cont && !/^       / { print "after: " prev; print "comes: " $0 }
	{ cont = /\\$/; prev = $0 }' ex80 >broken
test ! -s broken || note_ "a continued line goes on outside its display:" \
	"$(cat broken)" || fail=1

Exit "$fail"
