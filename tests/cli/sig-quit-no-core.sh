#!/bin/sh
# SPDX-License-Identifier: ISC
# SIGQUIT to retry: it dies of SIGQUIT without dumping core.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

"$python_" -c 'import resource, sys
sys.exit(resource.getrlimit(resource.RLIMIT_CORE)[1] == 0)' ||
	skip_ "core dumps are not allowed here"
# Where cores go to a program, no file would show one.
case $(cat /proc/sys/kernel/core_pattern 2>/dev/null) in
'|'*) pipe=yes ;;
*) pipe=no ;;
esac

# drive.py -c lets retry dump core; the attempt does not, so that any core
# would be retry's.  During an attempt, then during a sleep (retry idle:
# the attempt reaped, retry asleep).
for when in attempt sleep; do
	rm -f runs
	if test $when = attempt; then
		drive_ -c -w runs -k QUIT -- "$RETRY" -a 5 --delay=0 \
			sh -c 'ulimit -c 0; echo $$ >>pids; trap "exit 1" QUIT
			echo run >>runs; while :; do sleep 0.05; done' 2>err
	else
		drive_ -c -w runs -z -k QUIT -- "$RETRY" -a 5 --delay=30s \
			sh -c 'ulimit -c 0; echo run >>runs; exit 1' 2>err
	fi
	test "$how $num" = "signal QUIT" ||
		note_ "$when: expected retry to die of SIGQUIT, got: $how $num" ||
		fail=1
	case " $notes " in
	*' early '*) note_ "$when: retry ended before SIGQUIT" || fail=1 ;;
	*' core '*)
		test $pipe = yes || note_ "$when: retry dumped core" || fail=1 ;;
	esac
	expect_runs 1 || fail=1
	for f in core*; do
		test -e "$f" || continue
		note_ "$when: a core file was left: $f" || fail=1
		rm -f "$f"
	done
done

Exit "$fail"
