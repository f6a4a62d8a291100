#!/bin/sh
# SPDX-License-Identifier: ISC
# -q silences retry's messages, but not the command's own output.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

for opt in -q --quiet; do
	returns_ 7 "$RETRY" "$opt" -a 3 --delay=0 \
		sh -c 'echo out; echo child-err >&2; exit 7' >out 2>err || fail=1
	printf 'child-err\nchild-err\nchild-err\n' >exp
	cmp -s err exp || note_ "$opt: stderr has:" "$(cat err)" || fail=1
	printf 'out\nout\nout\n' >exp
	cmp -s out exp || note_ "$opt: stdout has:" "$(cat out)" || fail=1
done

# -q with the JSON log: silent too.
returns_ 7 "$RETRY" -q --log-format=json -a 2 --delay=0 sh flaky.sh 99 7 \
	2>err || fail=1
expect_empty err || fail=1

# Usage errors are still said.
returns_ 125 "$RETRY" -q --attempts=x true 2>err || fail=1
test -s err || note_ "-q hid a usage error" || fail=1

Exit "$fail"
