#!/bin/sh
# SPDX-License-Identifier: ISC
# --http with a curl that prints no response head (no -D /dev/stderr, no
# -i): its 404 cannot be read, so the exit status decides (22, retried),
# and retry says so once a run, not once an attempt. With -D /dev/stderr
# the 404 is read, and there is nothing to say.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

# shellcheck source=lib-http.sh
. "$TESTS_DIR/lib-http.sh"

notice="retry: --http: no HTTP status line in curl's output: add -D /dev/stderr (or -i); going by its exit status (22)"

serve_ 404
returns_ 22 "$RETRY" --http -a 3 --delay=10ms -- \
	curl -q -fsS "$url" >out 2>err || fail=1
expect_lines 3 log || fail=1
n=$(grep -c -e 'no HTTP status line' err)
test "$n" -eq 1 || note_ "expected the notice once, got it $n times:" \
	"$(cat err)" || fail=1
grep -q -x -F -e "$notice" err || note_ "not the notice:" "$(cat err)" ||
	fail=1
grep -q -e 'attempt 3/3 failed (exit status 22)' err ||
	note_ "not three attempts:" "$(cat err)" || fail=1

serve_ 404
returns_ 22 "$RETRY" --http -a 3 --delay=10ms -- \
	curl -q -fsS -D /dev/stderr "$url" >out 2>err || fail=1
expect_lines 1 log || fail=1
! grep -q -e 'status line' err || note_ "a notice with -D /dev/stderr:" \
	"$(cat err)" || fail=1

Exit "$fail"
