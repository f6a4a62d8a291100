#!/bin/sh
# SPDX-License-Identifier: ISC
# --http does not turn a success into a failure: without -f, curl exits 0
# on a 503, so the attempt succeeded and is not retried. (Hence -f in
# `retry --http -- curl -fsS -D /dev/stderr URL`.)

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

# shellcheck source=lib-http.sh
. "$TESTS_DIR/lib-http.sh"

serve_ 503 200
returns_ 0 "$RETRY" --http -a 3 -- \
	curl -q -sS -D /dev/stderr "$url" >out 2>err || fail=1
expect_lines 1 log || fail=1
printf '503 Service Unavailable (request 1)\n' >exp
cmp -s exp out || note_ "stdout is not the 503's body:" "$(cat out)" || fail=1

Exit "$fail"
