#!/bin/sh
# SPDX-License-Identifier: ISC
# -n shows no inf, nan or negative delay, however large n, factor or base.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

# Each line is one set of options for -n -a 300.
cat >cases <<'CASES'
--factor=10
--factor=1000000 --cap=1000d
--strategy=fibonacci
--strategy=fibonacci --cap=1000d --jitter=none
--strategy=linear --base=1000d --cap=1000d
--strategy=decorrelated --cap=1000d
--strategy=decorrelated --factor=1000000 --base=1h --cap=10000d
--jitter=normal:5 --cap=1000d
--jitter=proportional:1 --factor=100 --cap=1000d
--jitter=1000d --base=1000d
--jitter=equal --factor=1000
--delay=1000d,1000d
--delay=1000d --cap=1000d --jitter=full
CASES
while read -r args; do
	# shellcheck disable=SC2086 # $args is a list of words
	returns_ 0 "$RETRY" -n -a 300 --seed=7 $args >out 2>err ||
		{ note_ "with $args"; fail=1; continue; }
	grep -Eiw 'inf|infinity|nan' out >bad
	grep -E '(^|[^0-9A-Za-z.])-[0-9]' out >>bad
	expect_empty bad || { note_ "with $args"; fail=1; }
	test "$(nlines out)" -ge 299 ||
		{ note_ "with $args: $(nlines out) lines for 299 retries"; fail=1; }
done <cases

Exit "$fail"
