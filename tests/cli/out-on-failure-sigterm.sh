#!/bin/sh
# SPDX-License-Identifier: ISC
# --output=on-failure: a SIGTERM that ends the run writes what retry
# holds first (the failed attempt's output under its header), then retry
# dies of SIGTERM as it does without the option: during the sleep after
# a failure, and during an attempt (which gets the signal).

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

# During the sleep: attempt 1 failed, retry sleeps 30 s.
rm -f runs
drive_ -w runs -z -k TERM -- "$RETRY" --output=on-failure -a 5 --delay=30s \
	sh -c 'echo run >>runs; echo "out 1"; echo "err 1" >&2; exit 3' \
	>out 2>err
expect_death_ TERM || fail=1
test "$ms" -lt 2000 || note_ "retry took ${ms}ms to die" || fail=1
test "$(cat out)" = 'out 1' || note_ "sleep: stdout:" "$(cat out)" || fail=1
test "$(cat err)" = 'retry: sh: attempt 1/5 failed (exit status 3)
err 1' || note_ "sleep: stderr:" "$(cat err)" || fail=1

# During attempt 2, which writes, then waits (its shell dies of TERM).
m=$(marker_)
rm -f runs
drive_ -w runs -a -k TERM -- "$RETRY" --output=on-failure:all -a 5 \
	--delay=0 sh -c 'echo "out $RETRY_ATTEMPT"; echo "err $RETRY_ATTEMPT" >&2
	test "$RETRY_ATTEMPT" = 2 || exit 3
	echo run >runs; exec sleep $1' sh "$m" >out 2>err
expect_death_ TERM || fail=1
printf 'out 1\nout 2\n' >exp.out
cmp -s exp.out out || note_ "attempt: stdout:" "$(cat out)" || fail=1
cat >exp.err <<'EOF'
retry: sh: attempt 1/5 failed (exit status 3)
err 1
retry: sh: attempt 2/5 failed (killed by signal 15 (SIGTERM))
err 2
EOF
cmp -s exp.err err || note_ "attempt: stderr:" "$(cat err)" || fail=1
gone_within_ -f "sleep $m" || fail=1

Exit "$fail"
