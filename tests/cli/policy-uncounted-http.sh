#!/bin/sh
# SPDX-License-Identifier: ISC
# --uncounted=http:503 with --http: a 503 is retried without counting
# toward --attempts. curl -f against a server that answers 503 three
# times then 200, with -a 1: four requests, the body of the 200, exit 0.
# A 502, not in the list, counts: with -a 1 the run ends at it.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"
# shellcheck source=lib-http.sh
. "$TESTS_DIR/lib-http.sh"

serve_ 503 503 503 200
returns_ 0 "$RETRY" --http --uncounted=http:503 -a 1 -D 30s --delay=10ms -- \
	curl -q -fsS -D /dev/stderr "$url" >out 2>err || fail=1
expect_lines 4 log || fail=1
printf '200 OK (request 4)\n' >exp
cmp -s exp out || note_ "stdout is not the 200's body:" "$(cat out)" || fail=1
grep -q 'attempt 3 (uncounted) failed (exit status 22, HTTP 503)' err ||
	note_ "no uncounted 503:" "$(cat err)" || fail=1

serve_ 502 200
returns_ 22 "$RETRY" --http --uncounted=http:503 -a 1 -D 30s --delay=10ms -- \
	curl -q -fsS -D /dev/stderr "$url" >out 2>err || fail=1
expect_lines 1 log || fail=1

Exit "$fail"
