#!/bin/sh
# SPDX-License-Identifier: ISC
# --on-recover runs once, after the attempt that succeeded, when at least
# one attempt failed before it, with the hooks' environment plus
# RETRY_ATTEMPT (the attempt that succeeded), RETRY_FAILURES and
# RETRY_LAST_STATUS (the last failure's); never after a success at the
# first attempt, nor when retry gives up.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

# Attempt and hook write to one log, so their order shows: fails with
# status 10+N at attempt N until attempt $1.
cat >attempt.sh <<'SH' || framework_failure_ "cannot write attempt.sh"
echo "attempt $RETRY_ATTEMPT $RETRY_RUN_ID" >>log
test "$RETRY_ATTEMPT" -ge "$1" && exit 0
exit $((10 + RETRY_ATTEMPT))
SH
# shellcheck disable=SC2016 # expanded by the hook's shell
hook='echo "hook $RETRY_ATTEMPT $RETRY_FAILURES $RETRY_LAST_STATUS $RETRY_STATUS $RETRY_RUN_ID $RETRY_MAX_ATTEMPTS" >>log'

# A rescue at attempt 3: the hook once, after it.
returns_ 0 "$RETRY" -q -a 5 -d 0 --on-recover="$hook" sh attempt.sh 3 \
	>out 2>err || fail=1
id=$(sed -n '1s/^attempt 1 //p' log)
case $id in
'' | *[!0-9a-f]*) fail_ "no run id in the log:" "$(cat log)" ;;
esac
cat >exp <<EOF2
attempt 1 $id
attempt 2 $id
attempt 3 $id
hook 3 2 12 0 $id 5
EOF2
cmp -s exp log || note_ "the attempts and hook ran so:" "$(cat log)" ||
	fail=1
expect_empty err || fail=1

# A success at once, and a give-up: no hook.
for n in 1 99; do
	rm -f log
	"$RETRY" -q -a 3 -d 0 --on-recover="$hook" sh attempt.sh $n >out 2>err
	test "$(grep -c '^hook ' log)" -eq 0 ||
		note_ "the hook ran with nothing recovered:" "$(cat log)" ||
		fail=1
done

# With -v, the hook's end is said, as --on-retry's.
rm -f log
returns_ 0 "$RETRY" -v -a 3 -d 0 --on-recover=true sh attempt.sh 2 \
	>out 2>err || fail=1
grep -F 'retry: sh: --on-recover hook succeeded' err >/dev/null ||
	note_ "the hook's end was not said:" "$(cat err)" || fail=1

Exit "$fail"
