#!/bin/sh
# SPDX-License-Identifier: ISC
# --splay's sleep before the first attempt counts down too, on a line of
# its own that goes when the attempt starts; so does the sleep a server's
# Retry-After asks for (--http).

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

tmux_start_

# --seed=3 draws a splay of about 5 s of the 10 s allowed.
type_ "'$RETRY' --splay=10s --seed=3 -a 1 sh flaky.sh 0; echo \$? >st"
wait_screen_ '^retry: sh: first attempt in [0-9]s$' ||
	fail_ "no count for the splay:" "$(screen_)"
test ! -e runs || note_ "the attempt ran during the splay" || fail=1
wait_lines_ 1 st 12 || fail_ "retry did not end:" "$(screen_)"
test "$(cat st)" = 0 || note_ "retry's status: $(cat st)" || fail=1
screen_ | grep -q 'first attempt in' &&
	{ note_ "the splay's count stayed:" "$(screen_)"; fail=1; }

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
