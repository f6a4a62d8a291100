#!/bin/sh
# SPDX-License-Identifier: ISC
# A line that reaches retry in many pieces, written apart in time, is
# matched as one line, on stdout and on stderr, with or without its
# newline; and it passes through unchanged.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

command -v timeout >/dev/null || skip_ "timeout(1) is not available"

# pieces.sh NL: "connection refused" in four writes 0.2 s apart, then a
# newline if NL is 1; records a run and exits 7.
cat >pieces.sh <<'SH' || framework_failure_ "cannot write pieces.sh"
echo run >>runs
printf 'con'
sleep 0.2
printf 'nect'
sleep 0.2
printf 'ion re'
sleep 0.2
printf 'fused'
test "$1" = 1 && printf '\n'
exit 7
SH

for nl in 1 0; do
	for to in out err; do
		if test $to = out; then set -- sh pieces.sh $nl; else
			set -- sh -c 'sh pieces.sh "$1" >&2' sh $nl; fi
		rm -f runs
		returns_ 7 timeout -k 5 60 "$RETRY" -q -a 3 --delay=0 \
			--stop-if-output='^connection refused$' "$@" \
			>out 2>err || fail=1
		expect_runs 1 || note_ "std$to, newline: $nl" || fail=1
		printf 'connection refused' >exp
		test $nl = 0 || echo >>exp
		cmp -s exp $to || note_ "std$to, newline $nl: it passed as" \
			"$(cat $to)" || fail=1

		test $nl = 1 || continue
		rm -f runs
		returns_ 7 timeout -k 5 60 "$RETRY" -q -a 2 --delay=0 \
			--retry-if-output='connection refused' "$@" \
			>out 2>err || fail=1
		expect_runs 2 || note_ "std$to, retry-if" || fail=1
	done
done

Exit "$fail"
