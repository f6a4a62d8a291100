#!/bin/sh
# SPDX-License-Identifier: ISC
# --output=on-failure:all: once retry gives up, every attempt's output is
# written, in order, each attempt's under its header on stderr, then the
# give-up message; stdout and stderr keep their streams.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

attempt='echo "out $RETRY_ATTEMPT"; echo "err $RETRY_ATTEMPT" >&2
exit $((RETRY_ATTEMPT + 1))'

returns_ 4 "$RETRY" --output=on-failure:all -a 3 --delay=0 sh -c "$attempt" \
	>out 2>err || fail=1
printf 'out 1\nout 2\nout 3\n' >exp.out
cat >exp.err <<'EOF'
retry: sh: attempt 1/3 failed (exit status 2)
err 1
retry: sh: attempt 2/3 failed (exit status 3)
err 2
retry: sh: attempt 3/3 failed (exit status 4)
err 3
retry: sh: attempt 3/3 failed (exit status 4); giving up after 3 attempts
EOF
cmp -s exp.out out || note_ "stdout:" "$(cat out)" || fail=1
cmp -s exp.err err || note_ "stderr:" "$(cat err)" || fail=1

# One file for both (2>&1): each attempt's header first, then its output.
returns_ 4 "$RETRY" --output=on-failure:all -a 3 --delay=0 \
	sh -c 'echo "out $RETRY_ATTEMPT"; exit $((RETRY_ATTEMPT + 1))' \
	>both 2>&1 || fail=1
cat >exp.both <<'EOF'
retry: sh: attempt 1/3 failed (exit status 2)
out 1
retry: sh: attempt 2/3 failed (exit status 3)
out 2
retry: sh: attempt 3/3 failed (exit status 4)
out 3
retry: sh: attempt 3/3 failed (exit status 4); giving up after 3 attempts
EOF
cmp -s exp.both both || note_ "2>&1:" "$(cat both)" || fail=1

Exit "$fail"
