#!/bin/sh
# SPDX-License-Identifier: ISC
# --output=on-failure (= on-failure:last): a command that always fails
# shows, once retry gives up, its last attempt's stdout on stdout, and on
# stderr a header for that attempt, its stderr, then the give-up message;
# nothing of the attempts before. retry exits with the command's status.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

attempt='echo "out $RETRY_ATTEMPT"; echo "err $RETRY_ATTEMPT" >&2; exit 3'
printf 'out 3\n' >exp.out
cat >exp.err <<'EOF'
retry: sh: attempt 3/3 failed (exit status 3)
err 3
retry: sh: attempt 3/3 failed (exit status 3); giving up after 3 attempts
EOF

for mode in on-failure on-failure:last; do
	returns_ 3 "$RETRY" --output=$mode -a 3 --delay=0 sh -c "$attempt" \
		>out 2>err || fail=1
	cmp -s exp.out out || note_ "--output=$mode: stdout:" "$(cat out)" ||
		fail=1
	cmp -s exp.err err || note_ "--output=$mode: stderr:" "$(cat err)" ||
		fail=1
done

# A permanent status ends the run so too, after the first attempt.
returns_ 3 "$RETRY" --output=on-failure -x 3 -a 3 --delay=0 \
	sh -c "$attempt" >out 2>err || fail=1
test "$(cat out)" = 'out 1' || note_ "-x 3: stdout:" "$(cat out)" || fail=1
test "$(sed -n 1,2p err)" = 'retry: sh: attempt 1/3 failed (exit status 3)
err 1' || note_ "-x 3: stderr:" "$(cat err)" || fail=1

# -q: the held output alone, no header, no give-up message.
returns_ 3 "$RETRY" --output=on-failure -q -a 2 --delay=0 \
	sh -c "$attempt" >out 2>err || fail=1
test "$(cat out)" = 'out 2' || note_ "-q: stdout:" "$(cat out)" || fail=1
test "$(cat err)" = 'err 2' || note_ "-q: stderr:" "$(cat err)" || fail=1

# What the run says before its first attempt (here, that it runs inside
# another retry's attempt) is kept with the last attempt's output.
returns_ 3 "$RETRY" -q -a 1 "$RETRY" --output=on-failure -a 3 --delay=0 \
	sh -c "$attempt" >out 2>err || fail=1
test "$(cat out)" = 'out 3' || note_ "nested: stdout:" "$(cat out)" || fail=1
head -n 1 err | grep -q "^retry: warning: running inside another retry's" &&
	test "$(sed -n 2,3p err)" = 'retry: sh: attempt 3/3 failed (exit status 3)
err 3' || note_ "nested: stderr:" "$(cat err)" || fail=1

# retry's own errors are written as always: a command not found.
returns_ 127 "$RETRY" --output=on-failure -a 3 ./no-such-command \
	>out 2>err || fail=1
expect_empty out || fail=1
file_has_ err 'no-such-command: command not found' ||
	note_ "not found: stderr:" "$(cat err)" || fail=1

Exit "$fail"
