#!/bin/sh
# SPDX-License-Identifier: ISC
# --hedge with --budget: a copy after the first takes a token like a retry;
# no token, no copy, and the run goes on with the copies it has (no wait
# for a token while a copy runs). With no copy alive, the admission is a
# retry's: it waits at most --budget-wait, then gives up.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

b="--store=file:$PWD/st --budget-burst=1 --budget-ratio=0 --budget-rate=0/s"
tokens() { sed -n 's/.*tokens=\([0-9.]*\) .*/\1/p' "st/$1.budget"; }

# Copy 1 runs 1.5 s and succeeds; any other copy hangs.
cat >copy.sh <<'SH' || framework_failure_ "cannot write copy.sh"
echo $$ >>pids
echo "$RETRY_ATTEMPT" >>runs
if test "$RETRY_ATTEMPT" = 1; then
	sleep 1.5
	exit 0
fi
exec sleep "$1"
SH

# Drain budget d: its one token goes to a retry.
# shellcheck disable=SC2086
returns_ 1 "$RETRY" -a 2 --delay=0 --budget=d $b -- false 2>err || fail=1
test "$(tokens d)" = 0.000000000 || note_ "tokens after the drain: $(tokens d)" ||
	fail=1

# No token: copy 1 alone, and it wins.
m=$(marker_)
# shellcheck disable=SC2086
timed_ 0 "$RETRY" -a 5 --hedge=100ms --hedge-max=3 --budget=d $b \
	sh copy.sh "$m" >out 2>err || fail=1
expect_runs 1 || fail=1
test "$ms" -lt 6000 || note_ "no token: the run took ${ms}ms" || fail=1
gone_within_ -f "sleep $m" || fail=1

# One token (a new budget, full): one hedge, the next one refused.
rm -f runs
m=$(marker_)
# shellcheck disable=SC2086
timed_ 0 "$RETRY" -a 5 --hedge=100ms --hedge-max=3 --budget=o $b \
	sh copy.sh "$m" >out 2>err || fail=1
expect_runs 2 || fail=1
gone_within_ -f "sleep $m" || fail=1

# No copy alive and no token: the normal admission, --budget-wait, then
# the give-up with the failed copy's status. (A success after a burst's
# worth of failures refills a bucket: drain a budget of its own, e.)
# shellcheck disable=SC2086
returns_ 1 "$RETRY" -a 2 --delay=0 --budget=e $b -- false 2>err || fail=1
rm -f runs
# shellcheck disable=SC2086
timed_ 3 "$RETRY" -a 5 --hedge=100ms --budget=e $b --budget-wait=10ms \
	-- sh flaky.sh 99 3 2>err || fail=1
expect_runs 1 || fail=1
grep -q 'retry budget e exhausted' err ||
	note_ "no 'retry budget e exhausted':" "$(cat err)" || fail=1
test "$ms" -lt 5000 || note_ "the give-up took ${ms}ms" || fail=1

Exit "$fail"
