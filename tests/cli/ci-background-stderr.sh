#!/bin/sh
# SPDX-License-Identifier: ISC
# In CI, the attempt's stderr is still its own, not a pipe through retry:
# a background process it leaves writes to stderr after retry has ended
# and lives on (through retry, it would die of SIGPIPE), and with 2>&1 its
# stdout and stderr lines keep their order.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

GITHUB_ACTIONS=true
export GITHUB_ACTIONS

# The pipe ends when its last writer, the background process, is gone:
# then ./alive is there (or it died), and its line is in ./err.
{ "$RETRY" -- sh -c '(sleep 1; echo late >&2; touch alive) >/dev/null &
exit 0' 2>&1; } | cat >err
test -e alive || fail_ "the background process died:" "$(cat err)"
grep -x late err >/dev/null ||
	note_ "its late line was lost:" "$(cat err)" || fail=1

{ "$RETRY" -- sh -c 'echo out1; echo err1 >&2; echo out2; echo err2 >&2' \
    2>&1; } | grep -v '^::' | grep . >got
printf '%s\n' out1 err1 out2 err2 >want
cmp -s got want || note_ "stdout and stderr out of order:" "$(cat got)" ||
	fail=1

Exit "$fail"
