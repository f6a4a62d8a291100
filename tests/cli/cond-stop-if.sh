#!/bin/sh
# SPDX-License-Identifier: ISC
# --stop-if-output: a failed attempt with a matching line on stdout or on
# stderr is permanent: retry stops at once with its status.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

cat >say.sh <<'SH' || framework_failure_ "cannot write say.sh"
echo run >>runs
if test "$1" = err; then printf '%s\n' "$2" >&2; else printf '%s\n' "$2"; fi
exit "$3"
SH

ere='HTTP/[0-9.]+ 4[0-9][0-9]'
for stream in out err; do
	rm -f runs
	timed_ 22 "$RETRY" -a 5 --delay=5s --stop-if-output="$ere" \
		sh say.sh $stream '< HTTP/1.1 404 Not Found' 22 >out 2>err ||
		fail=1
	expect_runs 1 || fail=1
	test "$ms" -lt 4000 || note_ "std$stream: took ${ms}ms, so it slept" ||
		fail=1
	grep -F 'HTTP/1.1 404 Not Found' "$stream" >/dev/null ||
		note_ "the line did not reach std$stream" || fail=1

	# Without a match the status lists decide: retried.
	rm -f runs
	returns_ 22 "$RETRY" -q -a 3 --delay=0 --stop-if-output="$ere" \
		sh say.sh $stream '< HTTP/1.1 503 Unavailable' 22 >out 2>err ||
		fail=1
	expect_runs 3 || fail=1
done

Exit "$fail"
