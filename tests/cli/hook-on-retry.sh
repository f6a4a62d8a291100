#!/bin/sh
# SPDX-License-Identifier: ISC
# --on-retry runs after each attempt that will be retried, before the sleep,
# never after the last attempt nor after a success, with the attempt's
# environment plus RETRY_STATUS and RETRY_NEXT_DELAY (seconds, decimal).

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

# Attempt and hook write to one log, so their order shows.
cat >attempt.sh <<'SH' || framework_failure_ "cannot write attempt.sh"
echo "attempt $RETRY_ATTEMPT $RETRY_RUN_ID" >>log
test "$RETRY_ATTEMPT" -ge "$1" && exit 0
exit 5
SH
# shellcheck disable=SC2016 # expanded by the hook's shell
hook='echo "hook $RETRY_ATTEMPT $RETRY_RUN_ID $RETRY_STATUS $RETRY_NEXT_DELAY" >>log'

# Attempts used up: a hook after attempts 1 and 2, not after 3.
returns_ 5 "$RETRY" -q -a 3 --delay=0.25 --on-retry="$hook" \
	sh attempt.sh 99 >out 2>err || fail=1
id=$(sed -n '1s/^attempt 1 //p' log)
case $id in
'' | *[!0-9a-f]*) fail_ "no run id in the log:" "$(cat log)" ;;
esac
cat >exp <<EOF2
attempt 1 $id
hook 1 $id 5 0.25
attempt 2 $id
hook 2 $id 5 0.25
attempt 3 $id
EOF2
# RETRY_NEXT_DELAY as 0.25 with any number of trailing zeros.
sed 's/ 0\.250*$/ 0.25/' log >got
cmp -s exp got || note_ "the attempts and hooks ran so:" "$(cat log)" ||
	fail=1
# And as a plain decimal number.
awk '$1 == "hook" && $5 !~ /^[0-9]+(\.[0-9]+)?$/' log >bad
expect_empty bad || fail=1

# A success after two failures: two hooks, none after the success.
rm -f log
returns_ 0 "$RETRY" -q -a 5 --delay=0 --on-retry="$hook" \
	sh attempt.sh 3 >out 2>err || fail=1
test "$(grep -c '^hook ' log)" -eq 2 ||
	note_ "expected 2 hook runs:" "$(cat log)" || fail=1
awk '$1 == "hook" && $5 !~ /^0(\.0*)?$/' log >bad
expect_empty bad || fail=1

# A success at once, and a single attempt: no hook.
for n in 1 99; do
	rm -f log
	"$RETRY" -q -a 1 --on-retry="$hook" sh attempt.sh $n >out 2>err
	test "$(grep -c '^hook ' log)" -eq 0 ||
		note_ "a hook ran with nothing to retry:" "$(cat log)" || fail=1
done

# The delay given is the delay slept: the next attempt starts no sooner.
require_ns_date_
rm -f log
# shellcheck disable=SC2016 # expanded by the hook's shell
returns_ 5 "$RETRY" -q -a 2 --delay=1 \
	--on-retry='echo "$RETRY_NEXT_DELAY" >delay; date +%s%N >t1' \
	sh -c 'date +%s%N >t2; exit 5' >out 2>err || fail=1
case $(cat delay) in
1 | 1.*) ;;
*) note_ "RETRY_NEXT_DELAY is '$(cat delay)' for --delay=1"; fail=1 ;;
esac
gap=$((($(cat t2) - $(cat t1)) / 1000000))
test "$gap" -ge 700 || note_ "the next attempt came ${gap}ms after the hook" ||
	fail=1

Exit "$fail"
