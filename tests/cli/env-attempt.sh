#!/bin/sh
# SPDX-License-Identifier: ISC
# RETRY_ATTEMPT counts 1..n; RETRY_MAX_ATTEMPTS is the limit, 0 when unlimited.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

record='echo "$RETRY_ATTEMPT $RETRY_MAX_ATTEMPTS" >>env.log'

returns_ 1 "$RETRY" -a 4 --delay=0 sh -c "$record; exit 1" 2>err || fail=1
printf '%s\n' '1 4' '2 4' '3 4' '4 4' >exp
cmp -s env.log exp || note_ "-a 4 gave:" "$(cat env.log)" || fail=1

# Unlimited: the limit reads 0; stop the run with a success at attempt 3.
rm -f env.log
returns_ 0 "$RETRY" -a inf --delay=0 \
	sh -c 'echo "$RETRY_ATTEMPT $RETRY_MAX_ATTEMPTS" >>env.log
		test "$RETRY_ATTEMPT" -ge 3' 2>err || fail=1
printf '%s\n' '1 0' '2 0' '3 0' >exp
cmp -s env.log exp || note_ "-a inf gave:" "$(cat env.log)" || fail=1

# The default limit.
rm -f env.log
returns_ 0 "$RETRY" sh -c "$record; exit 0" 2>err || fail=1
test "$(cat env.log)" = '1 5' || note_ "default gave:" "$(cat env.log)" ||
	fail=1

Exit "$fail"
