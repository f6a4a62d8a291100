#!/bin/sh
# SPDX-License-Identifier: ISC
# With --foreground the attempt runs in retry's own process group.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

write_group_sh_	# appends: pid, its group, retry's group
caller=$(pgid_of_ $$)

for opts in '' '-t 10s'; do
	rm -f groups
	# shellcheck disable=SC2086 # $opts is several words on purpose
	returns_ 0 "$RETRY" --foreground $opts -a 2 --delay=0 --success-on=9 \
		sh group.sh 2>err || fail=1
	expect_lines 2 groups || fail=1
	while read -r pid pgid parent; do
		test "$pgid" = "$parent" ||
			note_ "--foreground $opts: attempt $pid is in group $pgid," \
				"retry in $parent" || fail=1
		test "$pgid" = "$caller" ||
			note_ "--foreground $opts: the attempt is not in the" \
				"caller's group" || fail=1
	done <groups
done

Exit "$fail"
