#!/bin/sh
# SPDX-License-Identifier: ISC
# What a packager reads agrees: the version that --version prints is the
# one in the man page's footer (.Os) and the newest release in NEWS; --version
# names the licence that COPYING holds; and no example line in the man
# page ends in a bare delimiter, which mdoc would glue to the word before
# it ("| jq ." rendered as "jq.") unless it is written \&. .
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

top=$TESTS_DIR/../..
for f in man/retry.1 NEWS COPYING; do
	test -f "$top/$f" || framework_failure_ "missing $top/$f"
done

"$RETRY" --version >out || fail_ "retry --version failed"
version=$(sed -n '1s/^retry \([0-9][0-9.]*\)$/\1/p' out)
test -n "$version" || fail_ "the first line of --version is not 'retry N.N.N': $(head -n1 out)"

os=$(sed -n 's/^\.Os //p' "$top/man/retry.1")
test "$os" = "retry $version" ||
	note_ "the man page's .Os is '$os', --version says $version" || fail=1

# The first release in NEWS; above it, an "Unreleased" section may
# gather what the next release will bring.
news=$(sed -n '/^retry [0-9]/{s/^retry \([0-9][0-9.]*\) .*/\1/p;q;}' "$top/NEWS")
first=$(sed -n '1p' "$top/NEWS")
case $first in
"retry $news "* | Unreleased) ;;
*) note_ "NEWS starts with '$first', neither a release nor Unreleased" || fail=1 ;;
esac
test "$news" = "$version" ||
	note_ "NEWS starts with version '$news', --version says $version" || fail=1

grep -q '^Copyright (c) [0-9]' out ||
	note_ "--version has no copyright line: $(cat out)" || fail=1
grep -q 'ISC' out && grep -q '^ISC License' "$top/COPYING" ||
	note_ "--version and COPYING do not both name the ISC licence" || fail=1

# .Dl/.D1 lines: a last word that is only a delimiter must be escaped.
grep -n '^\.D[l1] .* [].,:;?!()[|]$' "$top/man/retry.1" >bare
test ! -s bare ||
	note_ "example lines end in a bare delimiter: $(cat bare)" || fail=1

exit $fail
