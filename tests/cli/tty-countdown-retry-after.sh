#!/bin/sh
# SPDX-License-Identifier: ISC
# The sleep that a server's Retry-After asks for (--http) counts down like
# any other, below the message that gives it. --splay's sleep comes before
# any message of retry's, so retry cannot know that the cursor starts a
# line (a script may have printed 'deploying... ' just before): it does
# not count, and draws over nothing.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

tmux_start_

# --seed=3 draws a splay of about 5 s of the 10 s allowed.
type_ "printf 'deploying-host-a... '; '$RETRY' --splay=10s --seed=3 -a 1 sh flaky.sh 0; echo \$? >st"
wait_screen_ 'deploying-host-a' || fail_ "the line was not typed:" "$(screen_)"
sleep 2
screen_ | grep -q 'deploying-host-a\.\.\.' ||
	note_ "the splay drew over the line before it:" "$(screen_)" || fail=1
test ! -e runs || note_ "the attempt ran during the splay" || fail=1
wait_lines_ 1 st 12 || fail_ "retry did not end:" "$(screen_)"
test "$(cat st)" = 0 || note_ "retry's status: $(cat st)" || fail=1

# shellcheck source=lib-http.sh
. "$TESTS_DIR/lib-http.sh"
serve_ 503:Retry-After=3 200
rm -f st
type_ "clear; '$RETRY' --http -a 2 -d 10ms curl -q -fsS -o /dev/null -D /dev/stderr '$url'; echo \$? >st"
wait_screen_ '^retry: curl: retrying in [12]s$' ||
	fail_ "no count for Retry-After:" "$(screen_)"
screen_ | grep -q 'retrying in 3[.0-9]*s (the server asked for 3s)$' ||
	note_ "the message does not say the server's wait:" "$(screen_)" || fail=1
wait_lines_ 1 st || fail_ "retry did not end:" "$(screen_)"
test "$(cat st)" = 0 || note_ "retry's status: $(cat st)" || fail=1

Exit "$fail"
