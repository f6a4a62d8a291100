#!/bin/sh
# SPDX-License-Identifier: ISC
# --hedge: --on-retry runs before a copy started after a failure, never for
# a copy started by DELAY, nor after the last failure.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

# shellcheck disable=SC2016 # expanded by the hook's shell
hook='echo "hook $RETRY_STATUS" >>log'

# Copy 1 fails once copy 2 (by DELAY) has started (10 s at most); copy 2
# hangs; copy 3 (after the failure) succeeds: one hook, between copies 2
# and 3.
cat >copy.sh <<'SH' || framework_failure_ "cannot write copy.sh"
echo $$ >>pids
echo "attempt $RETRY_ATTEMPT" >>log
case $RETRY_ATTEMPT in
1)	i=0
	until grep -qx 'attempt 2' log || test $i -ge 1000; do
		sleep 0.01
		i=$((i + 1))
	done
	exit 5 ;;
2) exec sleep "$1" ;;
esac
exit 0
SH
m=$(marker_)
returns_ 0 "$RETRY" -a 3 --hedge=200ms --on-retry="$hook" sh copy.sh "$m" \
	>out 2>err || fail=1
printf '%s\n' 'attempt 1' 'attempt 2' 'hook 5' 'attempt 3' >exp
cmp -s exp log || note_ "the copies and hooks ran so:" "$(cat log)" ||
	fail=1
gone_within_ -f "sleep $m" || fail=1

# Hedges by DELAY alone, and a success: no hook.
cat >slow.sh <<'SH' || framework_failure_ "cannot write slow.sh"
echo $$ >>pids
echo "attempt $RETRY_ATTEMPT" >>log
test "$RETRY_ATTEMPT" = 1 || exec sleep "$1"
sleep 1
SH
rm -f log
m=$(marker_)
returns_ 0 "$RETRY" -a 5 --hedge=100ms --on-retry="$hook" sh slow.sh "$m" \
	>out 2>err || fail=1
grep '^hook' log >hooks
expect_empty hooks || fail=1
gone_within_ -f "sleep $m" || fail=1

# Failures one after the other: a hook before each next copy, none after
# the last.
rm -f log
returns_ 5 "$RETRY" -a 3 --hedge=10s --on-retry="$hook" \
	sh -c 'echo "attempt $RETRY_ATTEMPT" >>log; exit 5' >out 2>err || fail=1
printf '%s\n' 'attempt 1' 'hook 5' 'attempt 2' 'hook 5' 'attempt 3' >exp
cmp -s exp log || note_ "failures: the copies and hooks ran so:" \
	"$(cat log)" || fail=1

Exit "$fail"
