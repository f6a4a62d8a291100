#!/bin/sh
# SPDX-License-Identifier: ISC
# A hook's stdout goes to retry's stderr, never to retry's stdout (which
# carries the attempts' output only); its stderr goes to stderr too.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

for cond in '' --retry-if-output=. ; do
	for stdout in stream hold; do
		set -- -a 2 --delay=0 --stdout=$stdout \
			--on-retry='echo retry-out; echo retry-err >&2' \
			--on-give-up='echo give-up-out; echo give-up-err >&2'
		test -z "$cond" || set -- "$@" "$cond"
		returns_ 1 "$RETRY" "$@" sh -c 'echo attempt; exit 1' \
			>out 2>err || fail=1
		# With hold, a failed attempt's stdout goes to stderr too.
		if test $stdout = stream; then
			test "$(cat out)" = "attempt
attempt" || note_ "$*: stdout has:" "$(cat out)" || fail=1
		else
			expect_empty out || fail=1
		fi
		for w in retry-out retry-err give-up-out give-up-err; do
			test "$(grep -c "^$w\$" err)" -eq 1 ||
				note_ "$*: '$w' not once on stderr:" \
				"$(cat err)" || fail=1
		done
	done
done

# Through a pipe: the reader of stdout sees no hook output.
"$RETRY" -q -a 2 --delay=0 --on-retry='echo hook' --on-give-up='echo hook' \
	sh -c 'echo attempt; exit 1' 2>err | cat >out
test "$(cat out)" = "attempt
attempt" || note_ "piped stdout has:" "$(cat out)" || fail=1
test "$(grep -c '^hook$' err)" -eq 2 ||
	note_ "stderr:" "$(cat err)" || fail=1

Exit "$fail"
