#!/bin/sh
# SPDX-License-Identifier: ISC
# --output=on-failure in GitHub Actions: no fold and no warning while the
# output is held, so that a run that succeeds prints nothing there too;
# one that gives up writes what it held, then its give-up as the error
# annotation.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

GITHUB_ACTIONS=true
export GITHUB_ACTIONS
attempt='echo "out $RETRY_ATTEMPT"; echo "err $RETRY_ATTEMPT" >&2'

# A pipe, as a runner's log is.
{ "$RETRY" --output=on-failure -a 3 --delay=0 \
	sh -c "$attempt; test \$RETRY_ATTEMPT = 3" 2>&1; echo "rc $?"; } |
	cat >got
test "$(cat got)" = 'rc 0' || note_ "success:" "$(cat got)" || fail=1

{ "$RETRY" --output=on-failure -a 2 --delay=0 sh -c "$attempt; exit 4" \
	2>&1; echo "rc $?"; } | cat >got
cat >want <<'EOF'
retry: sh: attempt 2/2 failed (exit status 4)
out 2
err 2
::error::retry: sh: attempt 2/2 failed (exit status 4); giving up after 2 attempts
rc 4
EOF
cmp -s want got || note_ "failure:" "$(cat got)" || fail=1

Exit "$fail"
