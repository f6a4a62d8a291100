#!/bin/sh
# SPDX-License-Identifier: ISC
# --output=on-failure with --stdout=hold: the failed attempt's stdout goes
# to stdout when it is written out (--stdout=hold alone sends it to
# stderr), and a run that succeeds writes nothing, its last attempt's
# stdout neither.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

attempt='echo "out $RETRY_ATTEMPT"; echo "err $RETRY_ATTEMPT" >&2; exit 5'
for mode in on-failure on-failure:all; do
	returns_ 5 "$RETRY" --stdout=hold --output=$mode -a 2 --delay=0 \
		sh -c "$attempt" >out 2>err || fail=1
	file_has_ out 'out 2' || note_ "$mode: stdout:" "$(cat out)" || fail=1
	! file_has_ err 'out ' || note_ "$mode: stdout on stderr:" \
		"$(cat err)" || fail=1
	file_has_ err 'err 2' || note_ "$mode: stderr:" "$(cat err)" || fail=1
done

rm -f runs
returns_ 0 "$RETRY" --output=on-failure --stdout=hold -a 3 --delay=0 \
	sh -c 'echo "out $RETRY_ATTEMPT"; sh flaky.sh 1' >out 2>err || fail=1
expect_runs 2 || fail=1
expect_empty out || fail=1
expect_empty err || fail=1

Exit "$fail"
