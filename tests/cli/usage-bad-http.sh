#!/bin/sh
# SPDX-License-Identifier: ISC
# A bad --http list is a usage error that names the option and the value:
# LIST holds HTTP error statuses (400-599) and ranges of them.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

for v in abc 99 200 399 600 500-400 '' 500,,502 '502,' ,502; do
	bad_value_ --http "$v" || fail=1
done

# A list as the next word would be run as the command: a usage error that
# says how to write it; after `--`, it is the command.
usage_error_ --http 503 touch ran || fail=1
mentions_ --http=503 || fail=1
returns_ 127 "$RETRY" --http -- 503 2>err || fail=1

# Good lists are taken (so the errors above are about the values).
for opt in --http --http=503 --http=500-599 --http=429,500-504; do
	returns_ 0 "$RETRY" "$opt" true >out 2>err || fail=1
	expect_empty err || fail=1
done

Exit "$fail"
