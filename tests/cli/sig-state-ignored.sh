#!/bin/sh
# SPDX-License-Identifier: ISC
# A signal ignored when retry starts is still ignored in the attempt (as nohup
# and background jobs expect).

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

# -i INT: SigIgn bit 1; -i HUP: bit 0.
for ign in '-i INT' '-i HUP' '-i INT -i HUP'; do
	# shellcheck disable=SC2086 # $ign is several words on purpose
	dfl_ $ign -- grep '^SigIgn:' /proc/self/status >want ||
		framework_failure_ "cannot read /proc/self/status"
	case $ign in
	'-i INT') exp=0000000000000002 ;;
	'-i HUP') exp=0000000000000001 ;;
	*) exp=0000000000000003 ;;
	esac
	# The low 32 bits only: see sig-state-default.sh.
	got=$(sed 's/^SigIgn:.*\(........\)$/\1/' want)
	test "$((0x$got & 0x7fffffff))" = "$((0x$exp))" ||
		framework_failure_ "drive.py $ign:" "$(cat want)"
	for opts in '-a 1' '-a 2 --delay=0 --success-on=9' '-a 1 -t 10s'; do
		# shellcheck disable=SC2086 # on purpose
		dfl_ $ign -- "$RETRY" $opts grep '^SigIgn:' /proc/self/status \
			>out 2>err
		case $opts in
		*success-on*) cat want want >exp ;;
		*) cat want >exp ;;
		esac
		cmp -s out exp ||
			note_ "$ign, retry $opts: the attempt has:" "$(cat out)" ||
			fail=1
	done
done

Exit "$fail"
