#!/bin/sh
# SPDX-License-Identifier: ISC
# --hedge: the first copy is slow, a hedge starts after DELAY, then the
# first copy succeeds: it wins. Its held stderr then stdout are written
# out; the hedge's output (written at once, held) is never seen, and the
# hedge is stopped.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

m=$(marker_)
cat >copy.sh <<'SH' || framework_failure_ "cannot write copy.sh"
echo $$ >>pids
echo "$RETRY_ATTEMPT" >>runs
if test "$RETRY_ATTEMPT" = 1; then
	echo "err 1" >&2
	# Until the hedge has written its output (10 s at most).
	i=0
	until test -e said.2 || test $i -ge 1000; do
		sleep 0.01
		i=$((i + 1))
	done
	echo "out 1"
	exit 0
fi
echo "out $RETRY_ATTEMPT"
echo "err $RETRY_ATTEMPT" >&2
: >said.$RETRY_ATTEMPT
exec sleep "$1"
SH

timed_ 0 "$RETRY" --hedge=200ms sh copy.sh "$m" >out 2>err || fail=1
test "$(cat out)" = "out 1" || note_ "stdout:" "$(cat out)" || fail=1
grep -x 'err 1' err >/dev/null || note_ "no 'err 1' on stderr:" "$(cat err)" ||
	fail=1
grep -e 'out 2' -e 'err 2' out err >seen
expect_empty seen || fail=1
expect_runs 2 || fail=1
gone_within_ -f "sleep $m" || fail=1
test "$ms" -lt 8000 || note_ "the run took ${ms}ms" || fail=1

# On one file, with -q: the winner's stderr, then its stdout, and nothing
# else.
rm -f runs said.*
m=$(marker_)
returns_ 0 "$RETRY" -q --hedge=200ms sh copy.sh "$m" >both 2>&1 || fail=1
printf 'err 1\nout 1\n' >exp
cmp -s exp both || note_ "-q, stdout and stderr on one file:" "$(cat both)" ||
	fail=1
expect_runs 2 || fail=1
gone_within_ -f "sleep $m" || fail=1

Exit "$fail"
