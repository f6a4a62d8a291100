#!/bin/sh
# SPDX-License-Identifier: ISC
# --output=on-failure past the spool's memory with no usable $TMPDIR: the
# spool cannot hold it all. The run goes on and ends as it would (its
# status unchanged); what was held is written (a whole first part of
# stdout), the header, and a line that says how many bytes were cut.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

head -c 3000000 /dev/urandom >big || framework_failure_ "cannot make big"

for mode in on-failure on-failure:all; do
	returns_ 2 env TMPDIR="$PWD/missing" "$RETRY" --output=$mode -a 2 \
		--delay=0 sh -c 'cat big; exit 2' >out 2>err || fail=1
	test -e missing && framework_failure_ "missing exists"
	n=$(wc -c <out)
	test "$n" -gt 0 && test "$n" -lt 3000000 ||
		note_ "$mode: $n bytes on stdout" || fail=1
	head -c "$n" big | cmp -s - out ||
		note_ "$mode: stdout is not the first $n bytes" || fail=1
	file_has_ err 'retry: sh: attempt 2/2 failed (exit status 2)' ||
		note_ "$mode: no header:" "$(cat err)" || fail=1
	grep -q '^retry: sh: [0-9]* bytes of output held for --output=on-failure were cut: ' err ||
		note_ "$mode: no word of the cut:" "$(cat err)" || fail=1
	test "$(tail -n 1 err)" = \
		'retry: sh: attempt 2/2 failed (exit status 2); giving up after 2 attempts' ||
		note_ "$mode: the give-up:" "$(cat err)" || fail=1
done

# In JSON, an event of its own.
returns_ 2 env TMPDIR="$PWD/missing" "$RETRY" --output=on-failure -a 1 \
	--log-format=json sh -c 'cat big; exit 2' >out 2>err || fail=1
grep -q '^{"event":"held_cut",.*"cut_bytes":[1-9][0-9]*,"error":"' err ||
	note_ "json: no held_cut event:" "$(cat err)" || fail=1

Exit "$fail"
