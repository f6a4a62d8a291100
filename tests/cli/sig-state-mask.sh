#!/bin/sh
# SPDX-License-Identifier: ISC
# A signal blocked when retry starts is still blocked in the attempt, and no
# other.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

# -b USR1: SigBlk bit 9.
dfl_ -b USR1 -- grep '^SigBlk:' /proc/self/status >want ||
	framework_failure_ "cannot read /proc/self/status"
test "$(cat want)" = "SigBlk:	0000000000000200" ||
	framework_failure_ "drive.py -b USR1:" "$(cat want)"

for opts in '-a 1' '-a 2 --delay=0 --success-on=9' '-a 1 -t 10s'; do
	# shellcheck disable=SC2086 # $opts is several words on purpose
	dfl_ -b USR1 -- "$RETRY" $opts grep '^SigBlk:' /proc/self/status \
		>out 2>err
	case $opts in
	*success-on*) cat want want >exp ;;
	*) cat want >exp ;;
	esac
	cmp -s out exp ||
		note_ "retry $opts: the attempt has:" "$(cat out)" || fail=1
done

Exit "$fail"
