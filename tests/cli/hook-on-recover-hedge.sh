#!/bin/sh
# SPDX-License-Identifier: ISC
# With --hedge, --on-recover runs when a copy succeeds after another
# failed, with RETRY_ATTEMPT the copy that won; a copy that was only slow
# and was stopped when another won did not fail: no hook.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

# shellcheck disable=SC2016 # expanded by the hook's shell
hook='echo "hook $RETRY_ATTEMPT $RETRY_FAILURES $RETRY_LAST_STATUS" >>log'

# Copy 1 fails at once, copy 2 (started after the failure) wins.
returns_ 0 "$RETRY" -q --hedge=10s -a 3 --on-recover="$hook" \
	sh -c 'test "$RETRY_ATTEMPT" -ge 2 || exit 5' >out 2>err || fail=1
test "$(cat log 2>&1)" = 'hook 2 1 5' ||
	note_ "the hook ran so:" "$(cat log 2>&1)" || fail=1

# Copy 1 is slow; copy 2, started after 200ms, wins; copy 1 is stopped.
rm -f log
returns_ 0 "$RETRY" -q --hedge=200ms -a 3 --on-recover="$hook" \
	sh -c 'test "$RETRY_ATTEMPT" -ge 2 || exec sleep 30' >out 2>err ||
	fail=1
test ! -e log || note_ "the hook ran for a copy only slow:" "$(cat log)" ||
	fail=1

Exit "$fail"
