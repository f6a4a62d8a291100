#!/bin/sh
# SPDX-License-Identifier: ISC
# --output=on-failure: an --on-retry hook's output (its stdout and its
# stderr, which go to retry's stderr) is held with the attempts': not seen
# when the run succeeds; seen, before the attempt it led to, when it
# fails. --on-give-up runs once the run has failed: its output is seen.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

hook='echo "hook out $RETRY_ATTEMPT"; echo "hook err $RETRY_ATTEMPT" >&2'

rm -f runs
returns_ 0 "$RETRY" --output=on-failure --on-retry="$hook" -a 5 --delay=0 \
	sh flaky.sh 2 >out 2>err || fail=1
expect_runs 3 || fail=1
expect_empty out || fail=1
expect_empty err || fail=1

# :last: the hook run before the last attempt, then that attempt's.
returns_ 1 "$RETRY" --output=on-failure --on-retry="$hook" \
	--on-give-up='echo gave up' -a 3 --delay=0 \
	sh -c 'echo "err $RETRY_ATTEMPT" >&2; exit 1' >out 2>err || fail=1
expect_empty out || fail=1
cat >exp <<'EOF'
hook out 2
hook err 2
retry: sh: attempt 3/3 failed (exit status 1)
err 3
retry: sh: attempt 3/3 failed (exit status 1); giving up after 3 attempts
gave up
EOF
cmp -s exp err || note_ ":last: stderr:" "$(cat err)" || fail=1

# :all: each in its place.
returns_ 1 "$RETRY" --output=on-failure:all --on-retry="$hook" -a 2 \
	--delay=0 sh -c 'echo "err $RETRY_ATTEMPT" >&2; exit 1' \
	>out 2>err || fail=1
expect_empty out || fail=1
cat >exp <<'EOF'
retry: sh: attempt 1/2 failed (exit status 1)
err 1
hook out 1
hook err 1
retry: sh: attempt 2/2 failed (exit status 1)
err 2
retry: sh: attempt 2/2 failed (exit status 1); giving up after 2 attempts
EOF
cmp -s exp err || note_ ":all: stderr:" "$(cat err)" || fail=1

Exit "$fail"
