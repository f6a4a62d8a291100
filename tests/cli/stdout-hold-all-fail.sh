#!/bin/sh
# SPDX-License-Identifier: ISC
# --stdout=hold when every attempt fails: nothing on stdout, each attempt's
# output on stderr, in order; retry exits with the last status.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

command -v timeout >/dev/null || skip_ "timeout(1) is not available"

attempt='echo "out $RETRY_ATTEMPT"; echo "more $RETRY_ATTEMPT"; exit 3'
printf '%s\n' 'out 1' 'more 1' 'out 2' 'more 2' 'out 3' 'more 3' >exp

returns_ 3 timeout -k 5 60 "$RETRY" -a 3 --delay=0 --stdout=hold \
	sh -c "$attempt" >out 2>err || fail=1
expect_empty out || fail=1
grep -e '^out ' -e '^more ' err >got
cmp -s exp got || note_ "the attempts' output on stderr:" \
	"$(head -c 500 err)" ||
	fail=1

returns_ 3 timeout -k 5 60 "$RETRY" -a 3 --delay=0 -q --stdout=hold \
	sh -c "$attempt" >out 2>err || fail=1
expect_empty out || fail=1
cmp -s exp err || note_ "-q: stderr:" "$(head -c 500 err)" || fail=1

# A permanent status ends the run the same way.
returns_ 3 timeout -k 5 60 "$RETRY" -a 3 --delay=0 -q --stop-on=3 \
	--stdout=hold sh -c "$attempt" >out 2>err || fail=1
expect_empty out || fail=1
test "$(cat err)" = "out 1
more 1" || note_ "--stop-on: stderr:" "$(head -c 500 err)" || fail=1

Exit "$fail"
