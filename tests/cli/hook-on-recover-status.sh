#!/bin/sh
# SPDX-License-Identifier: ISC
# --on-recover never changes retry's exit status: a hook that fails is
# said (and the run ends 0), and one that outlasts the deadline is
# stopped at it, the run's status still the command's.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

flaky='test "$RETRY_ATTEMPT" -ge 2 || exit 4'

returns_ 0 "$RETRY" -a 3 -d 0 --on-recover='exit 9' sh -c "$flaky" \
	>out 2>err || fail=1
grep -F 'retry: sh: --on-recover hook failed (exit status 9)' err \
	>/dev/null || note_ "the failure was not said:" "$(cat err)" || fail=1

# A hook that would sleep for 60 s is stopped at the deadline.
start=$(now_ms)
returns_ 0 "$RETRY" -q -a 3 -d 0 -D 3s --on-recover='echo started >hook
	exec sleep 60' sh -c "$flaky" >out 2>err || fail=1
took=$(($(now_ms) - start))
test -e hook || note_ "the hook did not run" || fail=1
test "$took" -lt 30000 || note_ "the hook was not stopped: ${took}ms" ||
	fail=1

Exit "$fail"
