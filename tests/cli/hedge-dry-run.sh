#!/bin/sh
# SPDX-License-Identifier: ISC
# --hedge with -n: the schedule says it hedges, exits 0, runs nothing and
# does not sleep.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

for args in '--hedge=100ms' '--hedge=2s --hedge-max=3 -a 10' '--hedge=0' \
	'--hedge=5s -a inf'; do
	rm -f ran
	# shellcheck disable=SC2086 # several words on purpose
	timed_ 0 "$RETRY" -n $args touch ran >out 2>err || fail=1
	test ! -e ran || note_ "$args: the command ran" || fail=1
	grep -qi hedg out || note_ "-n $args: the schedule does not say hedg:" \
		"$(cat out)" || fail=1
	test "$ms" -lt 4000 || note_ "-n $args: took ${ms}ms" || fail=1
done

# Without COMMAND.
returns_ 0 "$RETRY" --dry-run --hedge=100ms >out 2>err || fail=1
grep -qi hedg out || note_ "no COMMAND: the schedule does not say hedg:" \
	"$(cat out)" || fail=1

# A usage error still is one.
usage_error_ -n --hedge=100ms --strategy=linear || fail=1

Exit "$fail"
