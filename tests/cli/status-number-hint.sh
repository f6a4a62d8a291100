#!/bin/sh
# SPDX-License-Identifier: ISC
# `retry 3 false`, as another retry counts its attempts: 3 is not found
# (127), and a hint says how to make 3 attempts, with the options given
# and the words after the number, as a command line that works; in JSON
# too (issue 42).  A command of digits that is there runs, no hint.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

returns_ 127 "$RETRY" 3 false >out 2>err || fail=1
printf '%s\n' 'retry: 3: command not found' \
	'retry: hint: to make 3 attempts, say retry -a 3 -- false' >exp
cmp -s err exp || note_ "retry 3 false said:" "$(cat err)" || fail=1
expect_empty out || fail=1

# The options given are kept, a "--" before the number is not doubled,
# and the words are quoted for a shell.
returns_ 127 "$RETRY" -d 0 -- 2 sh -c 'echo run >>runs; exit 1' 'a b' \
	2>err || fail=1
hint=$(sed -n 's/^retry: hint: to make 2 attempts, say //p' err)
test "$hint" = "retry -d 0 -a 2 -- sh -c 'echo run >>runs; exit 1' 'a b'" ||
	note_ "the hint:" "$(cat err)" || fail=1
# ... and it works: 2 attempts.
mkdir bin
printf '#!/bin/sh\nexec "$RETRY" "$@"\n' >bin/retry
chmod +x bin/retry
PATH=$PWD/bin:$PATH sh -c "$hint" 2>/dev/null
expect_runs 2 || fail=1

# One attempt, and no limit.
returns_ 127 "$RETRY" 1 false 2>err || fail=1
grep -x 'retry: hint: to make 1 attempt, say retry -a 1 -- false' err \
	>/dev/null || note_ "retry 1 false:" "$(cat err)" || fail=1
returns_ 127 "$RETRY" 0 2>err || fail=1
grep -x 'retry: hint: to retry with no limit, say retry -a 0 -- COMMAND' \
	err >/dev/null || note_ "retry 0:" "$(cat err)" || fail=1

# In JSON, the event says it.
returns_ 127 "$RETRY" --log-format=json 3 false 2>err || fail=1
grep '"event":"exec_failed".*"hint":"to make 3 attempts, say retry --log-format=json -a 3 -- false"' \
	err >/dev/null || note_ "JSON:" "$(cat err)" || fail=1

# A command whose name is a number, there: it runs.
printf '#!/bin/sh\necho ran\n' >bin/3
chmod +x bin/3
returns_ 0 env PATH="$PWD/bin:$PATH" "$RETRY" 3 >out 2>err || fail=1
test "$(cat out)" = ran || note_ "bin/3 did not run:" "$(cat err)" || fail=1
expect_empty err || fail=1

Exit "$fail"
