#!/bin/sh
# SPDX-License-Identifier: ISC
# Replay: every attempt reads all of a piped stdin, byte for byte (5 MiB of
# random bytes: past the memory bound, into the temporary file).

# shellcheck disable=SC2002 # `cat file |` on purpose: a pipe, not a file

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

command -v timeout >/dev/null || skip_ "timeout(1) is not available"
head -c 5M /dev/urandom >in || framework_failure_ "cannot make the input"

for mode in default --stdin=replay; do
	rm -f out.*
	set --
	test "$mode" = default || set -- "$mode"
	# A pipe, not the file itself: a file could be rewound.
	cat in | returns_ 0 timeout -k 5 120 "$RETRY" "$@" -a 3 --delay=0 \
		sh -c 'cat >out.$RETRY_ATTEMPT; test "$RETRY_ATTEMPT" -ge 3' \
		2>err || fail=1
	for n in 1 2 3; do
		cmp -s in out.$n || note_ "$mode: attempt $n did not read the" \
			"input exactly:" "$(cmp in out.$n 2>&1)" || fail=1
	done
	test ! -e out.4 || note_ "$mode: a fourth attempt ran" || fail=1
done

Exit "$fail"
