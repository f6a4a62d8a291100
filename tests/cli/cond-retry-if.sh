#!/bin/sh
# SPDX-License-Identifier: ISC
# --retry-if-output: a failed attempt is retried only if a line of its
# stdout or stderr matches; without a match its status is permanent.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

# say STREAM TEXT STATUS: the child; records a run, writes TEXT, exits.
cat >say.sh <<'SH' || framework_failure_ "cannot write say.sh"
echo run >>runs
if test "$1" = err; then printf '%s\n' "$2" >&2; else printf '%s\n' "$2"; fi
exit "$3"
SH

for stream in out err; do
	# A match: retried until the attempts are used up.
	rm -f runs
	returns_ 3 "$RETRY" -q -a 3 --delay=0 --retry-if-output='^busy: [0-9]+$' \
		sh say.sh $stream 'busy: 42' 3 >out 2>err || fail=1
	expect_runs 3 || fail=1
	test "$(cat "$stream")" = 'busy: 42
busy: 42
busy: 42' || note_ "std$stream of the attempts:" "$(cat "$stream")" ||
		fail=1

	# No match: the status is permanent, as it is.
	rm -f runs
	returns_ 3 "$RETRY" -a 3 --delay=0 --retry-if-output='^busy: [0-9]+$' \
		sh say.sh $stream 'busy: later' 3 >out 2>err || fail=1
	expect_runs 1 || fail=1
done

# No output at all is no match either.
rm -f runs
returns_ 9 "$RETRY" -a 3 --delay=0 --retry-if-output=. \
	sh -c 'echo run >>runs; exit 9' >out 2>err || fail=1
expect_runs 1 || fail=1

# Retried while it matches, then a success ends the run.
rm -f runs
returns_ 0 "$RETRY" -q -a 5 --delay=0 --retry-if-output='try again' sh -c '
	echo run >>runs
	test "$(wc -l <runs)" -ge 3 && exit 0
	echo "please try again" >&2
	exit 1' >out 2>err || fail=1
expect_runs 3 || fail=1

Exit "$fail"
