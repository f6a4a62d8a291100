#!/bin/sh
# SPDX-License-Identifier: ISC
# Bad --factor, --seed and --log-format values are usage errors.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

for v in abc '' 1 0 -2 nan inf 2x; do
	bad_value_ --factor "$v" || fail=1
done
for v in abc '' 1.5 12x; do
	bad_value_ --seed "$v" || fail=1
done
for v in xml '' JSONL; do
	bad_value_ --log-format "$v" || fail=1
done

Exit "$fail"
