#!/bin/sh
# SPDX-License-Identifier: ISC
# --hedge: a stop signal to retry stops every copy's group (grandchildren
# included), no new copy starts, and retry dies of that signal.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

# Each copy leaves a grandchild, says so once it runs (sleep is its name)
# in ./up.N, and waits.
cat >copy.sh <<'SH' || framework_failure_ "cannot write copy.sh"
echo $$ >>pids
echo "$RETRY_ATTEMPT" >>runs
sleep "$1" &
until pgrep -x -P $$ sleep >/dev/null; do sleep 0.01; done
echo up >up.$RETRY_ATTEMPT
wait
exit 1
SH

for sig in TERM INT HUP; do
	rm -f runs up.*
	m=$(marker_)
	# (A background sleep ignores SIGINT: SIGKILL after -k 1 takes it.)
	drive_ -w up.1 -w up.2 -a -k $sig -l 20 -- \
		"$RETRY" -a 5 -k 1 --hedge=200ms sh copy.sh "$m" 2>err
	expect_death_ $sig || fail=1
	test "$ms" -lt 6000 || note_ "SIG$sig: retry took ${ms}ms to die" ||
		fail=1
	expect_runs 2 || fail=1
	gone_within_ -f "sleep $m" || fail=1
done

# --hedge=0 and 3 at once: all three stopped.
rm -f runs up.*
m=$(marker_)
drive_ -w up.1 -w up.2 -w up.3 -a -k TERM -l 20 -- \
	"$RETRY" -a 5 --hedge=0 --hedge-max=3 sh copy.sh "$m" 2>err
expect_death_ TERM || fail=1
expect_runs 3 || fail=1
gone_within_ -f "sleep $m" || fail=1

Exit "$fail"
