#!/bin/sh
# SPDX-License-Identifier: ISC
# Started with default signal actions and nothing blocked, the attempt has no
# signal blocked and none ignored.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

# grep runs as the command itself, not under a shell, which would change
# what it reads.
dfl_ -- grep -E '^Sig(Blk|Ign):' /proc/self/status >want ||
	framework_failure_ "cannot read /proc/self/status"
# Only signals 1-31 are checked here: the C library keeps
# some real-time signals for itself, and an environment that ignores those
# cannot be undone from Python. The comparison below covers them all.
blk=$(sed -n 's/^SigBlk:.*\(........\)$/\1/p' want)
ign=$(sed -n 's/^SigIgn:.*\(........\)$/\1/p' want)
echo "$((0x$blk & 0x7fffffff)) $((0x$ign & 0x7fffffff))" >low
echo "0 0" >zero
cmp -s low zero || framework_failure_ "drive.py did not reset the signals:" \
	"$(cat want)"

# The first attempt, a later one, and with the options that make retry set
# up timers or keep the attempt in its own process group.
for opts in '-a 1' '-a 2 --delay=0 --success-on=9' '-a 1 -t 10s' \
	'-a 1 -D 10s' '-a 1 --foreground'; do
	# shellcheck disable=SC2086 # $opts is several words on purpose
	dfl_ -- "$RETRY" $opts grep -E '^Sig(Blk|Ign):' /proc/self/status \
		>out 2>err
	case $opts in
	*success-on*) cat want want >exp ;;
	*) cat want >exp ;;
	esac
	cmp -s out exp ||
		note_ "retry $opts: the attempt's signal state:" "$(cat out)" ||
		fail=1
done

Exit "$fail"
