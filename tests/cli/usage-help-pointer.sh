#!/bin/sh
# SPDX-License-Identifier: ISC
# "Try 'retry --help' for more information." follows a usage error only (a
# bad option, a bad value, no command): not an error that --help cannot
# help with, such as a --metrics FILE in a directory that is not there
# (issue 42).  Both exit 125 and run nothing.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

try="Try 'retry --help' for more information."

# Usage errors: the error, then the pointer.
for args in '--bogus touch ran' '-a x touch ran' '-a 3'; do
	# shellcheck disable=SC2086 # the words apart
	usage_error_ $args || fail=1
	test "$(sed -n 2p err)" = "$try" ||
		note_ "retry $args: no pointer to --help:" "$(cat err)" || fail=1
done

# A file that cannot be written: one line, no pointer.
refused_ --metrics=nowhere/m.prom touch ran || fail=1
echo "retry: --metrics=nowhere/m.prom: cannot write in nowhere: No such file or directory" >exp
cmp -s err exp || note_ "--metrics=nowhere/m.prom said:" "$(cat err)" ||
	fail=1
grep -F "$try" err >/dev/null && note_ "pointer to --help:" "$(cat err)" &&
	fail=1

Exit "$fail"
