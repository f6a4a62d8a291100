#!/bin/sh
# SPDX-License-Identifier: ISC
# --hedge: when every copy fails, the run ends with the status of the copy
# that failed last (not the last started), with the give-up message; each
# failed copy's held stdout and stderr go to retry's stderr when it ends,
# nothing to stdout.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

# Copy 1 fails (11) once copies 2 (12) and 3 (13) have failed: once copy
# 3, which starts when copy 2 has failed, is gone, reaped by retry (it
# names its pid in ./done.3; kill -0 finds a zombie too).
cat >copy.sh <<'SH' || framework_failure_ "cannot write copy.sh"
echo $$ >>pids
echo "$RETRY_ATTEMPT" >>runs
echo "out $RETRY_ATTEMPT"
echo "err $RETRY_ATTEMPT" >&2
if test "$RETRY_ATTEMPT" = 1; then
	i=0
	until test -s done.3 && ! kill -0 "$(cat done.3)" 2>/dev/null ||
		test $i -ge 1000; do
		sleep 0.01
		i=$((i + 1))
	done
else
	echo $$ >done.$RETRY_ATTEMPT
fi
exit $((10 + RETRY_ATTEMPT))
SH

timed_ 11 "$RETRY" -a 3 --hedge=100ms sh copy.sh >out 2>err || fail=1
expect_empty out || fail=1
expect_runs 3 || fail=1
for n in 1 2 3; do
	grep -x "out $n" err >/dev/null && grep -x "err $n" err >/dev/null ||
		note_ "copy $n's output is not on stderr:" "$(cat err)" || fail=1
done
grep 'giving up' err >/dev/null ||
	note_ "no give-up message:" "$(cat err)" || fail=1
test "$ms" -lt 8000 || note_ "the run took ${ms}ms" || fail=1

# -q: the copies' output alone, each written when the copy ended: 2, 3, 1.
rm -f runs done.*
returns_ 11 "$RETRY" -q -a 3 --hedge=100ms sh copy.sh >out 2>err || fail=1
expect_empty out || fail=1
test "$(grep '^out ' err | tr '\n' ' ')" = 'out 2 out 3 out 1 ' ||
	note_ "-q: stderr:" "$(cat err)" || fail=1
expect_lines 6 err || fail=1

# With --stdout=hold said outright too.
rm -f runs done.*
returns_ 11 "$RETRY" -q -a 3 --stdout=hold --hedge=100ms sh copy.sh \
	>out 2>err || fail=1
expect_empty out || fail=1
expect_lines 6 err || fail=1

Exit "$fail"
