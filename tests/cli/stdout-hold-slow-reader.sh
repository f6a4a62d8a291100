#!/bin/sh
# --stdout=hold: a reader that is slow to start but then reads everything
# gets every byte of the successful attempt's output, in order.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

command -v timeout >/dev/null || skip_ "timeout(1) is not available"
command -v cksum >/dev/null || skip_ "cksum is not available"
head -c 3000000 /dev/urandom >data || framework_failure_ "cannot make data"

{
	timeout -k 5 30 "$RETRY" -a 1 --stdout=hold -- cat data 2>err
	echo $? >status
} | { sleep 1; cat >got; }
test "$(cat status)" = 0 || note_ "retry exited $(cat status):" \
	"$(head -c 500 err)" || fail=1
test "$(cksum <got)" = "$(cksum <data)" || note_ "the reader got" \
	"$(wc -c <got) bytes, not the 3000000 written" || fail=1

Exit "$fail"
