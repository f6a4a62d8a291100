#!/bin/sh
# SPDX-License-Identifier: ISC
# With -n, the same --seed prints the same schedule; another seed, another
# schedule.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

for strategy in exponential decorrelated; do
	args="-n -a 20 --strategy=$strategy --jitter=full"
	# shellcheck disable=SC2086 # $args is a list of words
	{
		returns_ 0 "$RETRY" $args --seed=42 >a 2>err || fail=1
		returns_ 0 "$RETRY" $args --seed=42 >b 2>err || fail=1
		returns_ 0 "$RETRY" $args --seed=43 >c 2>err || fail=1
	}
	cmp -s a b || note_ "$strategy: --seed=42 twice gave two schedules" ||
		fail=1
	cmp -s a c && { note_ "$strategy: seeds 42 and 43 gave one schedule"; fail=1; }
done

# Unseeded runs draw from the kernel: two of them differ.
returns_ 0 "$RETRY" -n -a 20 >a 2>err || fail=1
returns_ 0 "$RETRY" -n -a 20 >b 2>err || fail=1
cmp -s a b && { note_ "two unseeded schedules are the same"; fail=1; }

Exit "$fail"
