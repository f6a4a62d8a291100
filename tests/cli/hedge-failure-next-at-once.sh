#!/bin/sh
# SPDX-License-Identifier: ISC
# --hedge: a copy that fails with a retryable status starts the next copy
# at once, well before DELAY, with no backoff sleep; one that a hedge runs
# beside too.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"
require_ns_date_

# Copies fail until the third, which succeeds.
timed_ 0 "$RETRY" -a 5 --hedge=10s sh -c 'sh stamp.sh 0 >/dev/null
	echo run >>runs; test "$(wc -l <runs)" -ge 3' >out 2>err || fail=1
expect_runs 3 || fail=1
test "$ms" -lt 5000 || note_ "3 quick copies took ${ms}ms (DELAY 10s)" ||
	fail=1
for g in $(gaps stamps); do
	test "$g" -lt 3000 ||
		note_ "a copy started ${g}ms after a failure:" "$(gaps stamps)" ||
		fail=1
done

# Every copy fails: no sleep between them either; the last status.
rm -f runs
timed_ 7 "$RETRY" -a 4 --hedge=10s sh flaky.sh 99 7 >out 2>err || fail=1
expect_runs 4 || fail=1
test "$ms" -lt 5000 || note_ "4 failing copies took ${ms}ms" || fail=1

# Copy 1 hangs; copy 2, the hedge after 2 s, fails at once; copy 3 starts
# at once beside copy 1, not 2 s later, and wins.
cat >copy.sh <<'SH' || framework_failure_ "cannot write copy.sh"
echo $$ >>pids
date +%s%N >>stamps
test "$RETRY_ATTEMPT" = 1 && exec sleep "$1"
test "$RETRY_ATTEMPT" = 2 && exit 1
exit 0
SH
rm -f stamps
m=$(marker_)
returns_ 0 "$RETRY" -a 5 --hedge=2s sh copy.sh "$m" >out 2>err || fail=1
expect_lines 3 stamps || fail=1
# shellcheck disable=SC2046 # one gap a word
set -- $(gaps stamps)
test "${1:-0}" -ge 1500 ||
	note_ "the hedge came ${1}ms after copy 1, before DELAY (2s)" || fail=1
test "${2:-9999}" -lt 1200 ||
	note_ "copy 3 came ${2}ms after copy 2 failed, not at once" || fail=1
gone_within_ -f "sleep $m" || fail=1

Exit "$fail"
