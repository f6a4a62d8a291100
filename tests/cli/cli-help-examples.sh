#!/bin/sh
# SPDX-License-Identifier: ISC
# --help starts with what a new user needs (issue 42): examples, each a
# command line that retry takes (checked with -n), then the common
# options; the fleet's (budget, store, hedge) and CI's come after them.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

returns_ 0 "$RETRY" --help >out || fail=1

# The examples: the lines after "Examples:" up to a blank line, each the
# command line, then two blanks or more and what it does.
sed -n '/^Examples:$/,/^$/p' out | sed -n 's/^  \(retry .*[^ ]\)   *[^ ].*/\1/p' >examples
test "$(nlines examples)" -ge 3 ||
	note_ "fewer than 3 examples in --help:" "$(cat out)" || fail=1
while IFS= read -r ex; do
	# shellcheck disable=SC2086 # the example's words
	set -- ${ex#retry }
	returns_ 0 "$RETRY" -n "$@" >/dev/null 2>err ||
		note_ "the example '$ex' is refused:" "$(cat err)" || fail=1
done <examples

# line_of PATTERN: the number of the first line of ./out that matches.
line_of() { grep -n -e "$1" out | sed -n '1s/:.*//p'; }

ex=$(line_of '^Examples:')
common=$(line_of '^Common options:')
test -n "$ex" && test -n "$common" && test "$ex" -lt "$common" ||
	note_ "no examples before the common options" || fail=1
# The common options come before any other group, and before the fleet.
last_common=0
for opt in --attempts --delay --jitter --timeout --deadline --retry-on \
	--quiet --verbose; do
	n=$(line_of "^  -., $opt")
	test -n "$n" || { note_ "$opt is not among the first options"; fail=1; continue; }
	test "$n" -gt "$last_common" && last_common=$n
done
for opt in --strategy --budget= --store= --hedge= --metrics= --ci=; do
	n=$(line_of "^  .*$opt")
	test -n "$n" && test "$n" -gt "$last_common" ||
		note_ "$opt comes before the common options" || fail=1
done

Exit "$fail"
