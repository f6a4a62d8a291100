#!/bin/sh
# SPDX-License-Identifier: ISC
# A retry that succeeds gives its token back (and a success adds more, up
# to the burst); one that fails keeps it. The state file counts them.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

st="--budget=b --store=file:$PWD/st --budget-burst=10 --budget-ratio=0 --budget-rate=0/s"
tokens() { sed -n 's/.*tokens=\([0-9.]*\) .*/\1/p' st/b.budget; }
# Two failed retries take two tokens.
# shellcheck disable=SC2086
returns_ 1 "$RETRY" -a 3 -d 1ms $st -- sh flaky.sh 99 || fail=1
test "$(tokens)" = 8.000000000 || note_ "tokens after 2 failed retries: $(tokens)" || fail=1
# A failed then a successful retry: one kept, one back.
rm -f runs
# shellcheck disable=SC2086
returns_ 0 "$RETRY" -a 3 -d 1ms $st -- sh flaky.sh 2 || fail=1
test "$(tokens)" = 7.000000000 || note_ "tokens after a failed and a good retry: $(tokens)" || fail=1

# After a burst's worth of failures in a row (here 10), the first success
# refills the bucket: the service is back.
st="--budget=r --store=file:$PWD/st --budget-burst=10 --budget-ratio=0 --budget-rate=0/s --budget-wait=0"
rtokens() { sed -n 's/.*tokens=\([0-9.]*\) .*/\1/p' st/r.budget; }
# shellcheck disable=SC2086
returns_ 1 "$RETRY" -a 10 -d 1ms $st -- false || fail=1
# shellcheck disable=SC2086
returns_ 1 "$RETRY" -a 1 $st -- false || fail=1
test "$(rtokens)" = 1.000000000 || note_ "tokens after 11 failures: $(rtokens)" || fail=1
# shellcheck disable=SC2086
returns_ 0 "$RETRY" -a 1 $st -- true || fail=1
test "$(rtokens)" = 10.000000000 || note_ "tokens after the success: $(rtokens)" || fail=1
# The spell is over: a failed retry's token is not given back.
# shellcheck disable=SC2086
returns_ 1 "$RETRY" -a 2 -d 1ms $st -- false || fail=1
test "$(rtokens)" = 9.000000000 || note_ "tokens after a failed retry: $(rtokens)" || fail=1

Exit "$fail"
