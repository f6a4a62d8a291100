#!/bin/sh
# SPDX-License-Identifier: ISC
# The attempt gets no file descriptor of retry's own: only 0, 1, 2 and what
# retry inherited.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

exec 5>five 7>seven || framework_failure_ "cannot open fds 5 and 7"
ls /proc/self/fd >want || framework_failure_ "cannot list /proc/self/fd"
test "$(grep -c -x -e 5 -e 7 want)" = 2 ||
	framework_failure_ "ls does not see fds 5 and 7:" "$(cat want)"

for opts in '-a 1' '-a 2 --delay=0 --success-on=9' '-a 1 -t 10s' \
	'-a 1 -D 10s' '-a 1 --foreground'; do
	# shellcheck disable=SC2086 # $opts is several words on purpose
	returns_ 0 "$RETRY" $opts ls /proc/self/fd >out 2>err || fail=1
	case $opts in
	*success-on*) cat want want >exp ;;
	*) cat want >exp ;;
	esac
	cmp -s out exp ||
		note_ "retry $opts: the attempt has fds" "$(tr '\n' ' ' <out)" \
			"instead of" "$(tr '\n' ' ' <exp)" || fail=1
done

Exit "$fail"
