#!/bin/sh
# SPDX-License-Identifier: ISC
# --hedge: each copy has its own RETRY_ATTEMPT (1, 2, ...) and
# RETRY_MAX_ATTEMPTS; RETRY_HEDGE=1 for every copy but the first, for
# which it is unset (even when retry's own environment sets it).

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

# Each copy records its variables, then hangs, until copy 3 wins.
cat >copy.sh <<'SH' || framework_failure_ "cannot write copy.sh"
echo $$ >>pids
echo "$RETRY_ATTEMPT $RETRY_MAX_ATTEMPTS ${RETRY_HEDGE-unset}" >>env.log
test "$RETRY_ATTEMPT" -ge 3 && exit 0
exec sleep "$1"
SH

m=$(marker_)
returns_ 0 "$RETRY" -a 4 --hedge=100ms --hedge-max=3 sh copy.sh "$m" \
	>out 2>err || fail=1
sort env.log >got
printf '%s\n' '1 4 unset' '2 4 1' '3 4 1' >exp
cmp -s exp got || note_ "the copies' environment:" "$(cat env.log)" || fail=1
gone_within_ -f "sleep $m" || fail=1

# After a failure too: copy 1 fails, copy 2 starts at once and has it.
cat >fail1.sh <<'SH' || framework_failure_ "cannot write fail1.sh"
echo "$RETRY_ATTEMPT ${RETRY_HEDGE-unset}" >>env.log
test "$RETRY_ATTEMPT" -ge 2
SH
rm -f env.log
returns_ 0 "$RETRY" -a 3 --hedge=5s sh fail1.sh >out 2>err || fail=1
printf '%s\n' '1 unset' '2 1' >exp
cmp -s exp env.log || note_ "after a failure:" "$(cat env.log)" || fail=1

# A RETRY_HEDGE in retry's environment does not reach the first copy.
rm -f env.log
m=$(marker_)
returns_ 0 env RETRY_HEDGE=1 "$RETRY" -a 4 --hedge=100ms --hedge-max=3 \
	sh copy.sh "$m" >out 2>err || fail=1
grep '^1 ' env.log >got
test "$(cat got)" = '1 4 unset' ||
	note_ "RETRY_HEDGE=1 around retry: copy 1 has:" "$(cat got)" || fail=1
gone_within_ -f "sleep $m" || fail=1

Exit "$fail"
