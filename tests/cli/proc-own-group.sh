#!/bin/sh
# SPDX-License-Identifier: ISC
# Each attempt runs in a process group of its own, not the caller's.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

write_group_sh_	# appends: pid, its group, retry's group
caller=$(pgid_of_ $$)

for opts in '' '-t 10s' '-D 10s'; do
	rm -f groups
	# shellcheck disable=SC2086 # $opts is several words on purpose
	returns_ 0 "$RETRY" $opts -a 3 --delay=0 --success-on=9 sh group.sh \
		2>err || fail=1
	expect_lines 3 groups || fail=1
	while read -r pid pgid parent; do
		test "$pgid" = "$pid" ||
			note_ "retry $opts: attempt $pid is in group $pgid," \
				"not a group of its own" || fail=1
		test "$pgid" != "$caller" ||
			note_ "retry $opts: the attempt is in the caller's group" ||
			fail=1
		test "$parent" = "$caller" ||
			note_ "retry $opts: retry left the caller's group" ||
			fail=1
	done <groups
done

Exit "$fail"
