#!/bin/sh
# SPDX-License-Identifier: ISC
# --help and -h print the help on stdout and exit 0, running nothing.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

for opt in --help -h; do
	rm -f ran
	returns_ 0 "$RETRY" "$opt" >out 2>err || fail=1
	expect_empty err || fail=1
	grep -i 'usage: retry' out >/dev/null ||
		note_ "$opt: no usage line on stdout" || fail=1
	grep -e '--attempts' out >/dev/null ||
		note_ "$opt: the options are not listed" || fail=1
	grep -e '125' out >/dev/null ||
		note_ "$opt: the exit statuses are not listed" || fail=1

	# Even with a command after it, nothing runs.
	returns_ 0 "$RETRY" -a 2 "$opt" touch ran >out 2>err || fail=1
	test ! -e ran || note_ "$opt: the command ran" || fail=1
	test -s out || note_ "$opt: no help" || fail=1
done

Exit "$fail"
