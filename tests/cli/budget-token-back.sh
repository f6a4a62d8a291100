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
# A failed then a successful retry: one kept, one back plus 0.2.
rm -f runs
# shellcheck disable=SC2086
returns_ 0 "$RETRY" -a 3 -d 1ms $st -- sh flaky.sh 2 || fail=1
test "$(tokens)" = 7.200000000 || note_ "tokens after a failed and a good retry: $(tokens)" || fail=1

# After a burst's worth of failures in a row (here 10), the first success
# brings the bucket up to half the burst: the service is back.
st="--budget=r --store=file:$PWD/st --budget-burst=10 --budget-ratio=0 --budget-rate=0/s --budget-wait=0"
rtokens() { sed -n 's/.*tokens=\([0-9.]*\) .*/\1/p' st/r.budget; }
# shellcheck disable=SC2086
returns_ 1 "$RETRY" -a 10 -d 1ms $st -- false || fail=1
# shellcheck disable=SC2086
returns_ 1 "$RETRY" -a 1 $st -- false || fail=1
test "$(rtokens)" = 1.000000000 || note_ "tokens after 11 failures: $(rtokens)" || fail=1
# shellcheck disable=SC2086
returns_ 0 "$RETRY" -a 1 $st -- true || fail=1
test "$(rtokens)" = 5.000000000 || note_ "tokens after the success: $(rtokens)" || fail=1
# The spell is over: the next success adds only its 0.2.
# shellcheck disable=SC2086
returns_ 0 "$RETRY" -a 1 $st -- true || fail=1
test "$(rtokens)" = 5.200000000 || note_ "tokens after another success: $(rtokens)" || fail=1

Exit "$fail"
