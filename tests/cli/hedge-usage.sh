#!/bin/sh
# SPDX-License-Identifier: ISC
# --hedge's usage errors (125, one line naming the options, nothing run):
# with a backoff option, with --stdin=pass, --hedge-max below 2 or not a
# number, --hedge-max without --hedge, a bad DELAY. The good forms are
# accepted.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

# The backoff options exclude --hedge, in either order.
for opt in --strategy=constant --base=1s --cap=10s --factor=3 --jitter=none \
	--delay=1s; do
	name=${opt%%=*}
	usage_error_ --hedge=100ms "$opt" touch ran || fail=1
	mentions_ --hedge "$name" || fail=1
	usage_error_ "$opt" --hedge=100ms touch ran || fail=1
	mentions_ --hedge "$name" || fail=1
done
# Short forms too.
for opt in '-s constant' '-b 1s' '-c 10s' '-f 3' '-j none' '-d 1s'; do
	# shellcheck disable=SC2086 # the option and its value, two words
	usage_error_ --hedge=1s $opt touch ran || fail=1
	mentions_ --hedge || fail=1
done
usage_error_ --hedge=100ms --strategy=constant touch ran || fail=1
mentions_ '--hedge and ' --strategy 'cannot be used together' || fail=1

# stdin cannot be passed to several copies at once.
usage_error_ --hedge=100ms --stdin=pass touch ran || fail=1
mentions_ --hedge --stdin || fail=1

# --hedge-max: 2 to 100, a number.
for v in 1 0 -1 x 2x '' 101 1.5; do
	usage_error_ --hedge=100ms --hedge-max="$v" touch ran || fail=1
	mentions_ --hedge-max || fail=1
done
usage_error_ --hedge=100ms --hedge-max=1 touch ran || fail=1
mentions_ "invalid value '1' for --hedge-max" || fail=1

# --hedge-max alone.
usage_error_ --hedge-max=3 touch ran || fail=1
mentions_ '--hedge-max needs --hedge=DELAY' || fail=1

# A DELAY is a duration.
for v in 5x '' -1s s nan; do
	bad_value_ --hedge "$v" || fail=1
done

# Accepted: 0, a bare number, units, --hedge-max 2 and 100, with the
# options that do go with it.
for args in '--hedge=0' '--hedge=0.5' '--hedge=100ms' '--hedge=2s --hedge-max=2' \
	'--hedge=1s --hedge-max=100' '--hedge=1s --stdin=null' \
	'--hedge=1s --stdin=replay -t 5s -D 10s -a 3'; do
	# shellcheck disable=SC2086 # several words on purpose
	returns_ 0 "$RETRY" -n $args touch ran >out 2>err ||
		note_ "$args: $(cat err)" || fail=1
	test ! -e ran || note_ "-n $args: the command ran" || fail=1
done
# And a real run with it succeeds.
returns_ 0 "$RETRY" --hedge=1s touch ran >out 2>err || fail=1
test -e ran || note_ "--hedge=1s: the command did not run" || fail=1

Exit "$fail"
