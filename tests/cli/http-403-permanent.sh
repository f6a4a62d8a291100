#!/bin/sh
# SPDX-License-Identifier: ISC
# --http: a 403 that does not say its rate-limit quota is spent stays
# permanent, rate-limit headers with room left or not: one request, and
# retry exits with curl's status (22). (A guard on the quota rule: it
# passes before that rule too.)

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

# shellcheck source=lib-http.sh
. "$TESTS_DIR/lib-http.sh"

serve_ 403
returns_ 22 "$RETRY" --http -a 3 --delay=10ms -- \
	curl -q -fsS -D /dev/stderr "$url" >out 2>err || fail=1
expect_lines 1 log || fail=1

reset=$(($(date +%s) + 3))
serve_ "403:X-RateLimit-Remaining=59:X-RateLimit-Reset=$reset:RateLimit=\"default\";r=9;t=3"
returns_ 22 "$RETRY" --http -a 3 --delay=10ms -- \
	curl -q -fsS -D /dev/stderr "$url" >out 2>err || fail=1
expect_lines 1 log || fail=1

Exit "$fail"
