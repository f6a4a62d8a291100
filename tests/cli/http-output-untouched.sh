#!/bin/sh
# SPDX-License-Identifier: ISC
# --http reads the attempt's output but passes it on untouched: a few
# hundred KB of binary body reach retry's stdout byte for byte.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

# shellcheck source=lib-http.sh
. "$TESTS_DIR/lib-http.sh"

dd if=/dev/urandom of=body bs=1024 count=384 2>/dev/null ||
	framework_failure_ "cannot write the body"
serve_ "200:body=$PWD/body"
returns_ 0 "$RETRY" --http -- \
	curl -q -fsS -D /dev/stderr "$url" >out 2>err || fail=1
expect_lines 1 log || fail=1
cmp -s body out || note_ "stdout is not the body: cksum $(cksum <out)," \
	"expected $(cksum <body)" || fail=1

Exit "$fail"
