#!/bin/sh
# SPDX-License-Identifier: ISC
# --http: a 404 is never retried: one request, and retry exits with curl's
# status (22).

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

# shellcheck source=lib-http.sh
. "$TESTS_DIR/lib-http.sh"

serve_ 404
returns_ 22 "$RETRY" --http -a 3 --delay=10ms -- \
	curl -q -fsS -D /dev/stderr "$url" >out 2>err || fail=1
expect_lines 1 log || fail=1

Exit "$fail"
