#!/bin/sh
# SPDX-License-Identifier: ISC
# The markers go only to a stderr that can be the job's log, the way a
# runner reads it: a pipe (a named FIFO too) or a terminal.  stderr sent
# to a regular file (2>file, 2>>file) is read later by people or programs
# that did not ask for markers: it gets the plain messages.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-ci.sh
. "$TESTS_DIR/lib-ci.sh"

GITHUB_ACTIONS=true
export GITHUB_ACTIONS
cat >plain <<'EOF2'
retry: false: attempt 1/2 failed (exit status 1); retrying in 0s
retry: false: attempt 2/2 failed (exit status 1); giving up after 2 attempts
EOF2

# A regular file.
returns_ 1 "$RETRY" -a 2 -d 0 false 2>err || fail=1
cmp -s plain err || note_ "2>file:" "$(cat err)" || fail=1
echo before >err
returns_ 1 "$RETRY" -a 2 -d 0 false 2>>err || fail=1
{ echo before; cat plain; } >exp
cmp -s exp err || note_ "2>>file:" "$(cat err)" || fail=1

# A pipe: the markers.
piped_ 1 "$RETRY" -a 2 -d 0 false || fail=1
grep -q '^::group::retry: false: attempt 1/2$' err ||
	note_ "a pipe got no markers:" "$(cat err)" || fail=1

# A named FIFO is a pipe too.
mkfifo fifo || framework_failure_ "cannot make a FIFO"
cat fifo >err &
reader=$!
returns_ 1 "$RETRY" -a 2 -d 0 false 2>fifo || fail=1
wait "$reader"
grep -q '^::error::retry: false: attempt 2/2 failed' err ||
	note_ "a FIFO got no markers:" "$(cat err)" || fail=1

# A terminal, through script(1) when there is one.
if script -qec true /dev/null >/dev/null 2>&1; then
	script -qec "'$RETRY' -a 2 -d 0 false 2>&1 >/dev/null" /dev/null >screen 2>&1
	tr -d '\r' <screen >err
	grep -q '^::group::retry: false: attempt 1/2$' err ||
		note_ "a terminal got no markers:" "$(cat -v screen)" || fail=1
	grep -q '^::error::retry: false: attempt 2/2 failed' err ||
		note_ "a terminal got no error:" "$(cat -v screen)" || fail=1
else
	printf 'script(1) cannot run: the terminal is not checked\n' >&9
fi

Exit "$fail"
