#!/bin/sh
# SPDX-License-Identifier: ISC
# RETRY_PREVIOUS_STATUS is absent on the first attempt, then the previous
# status.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

# Attempt k exits 10+k, except attempt 4, which dies of SIGKILL.
cat >child.sh <<'CHILD'
echo "${RETRY_PREVIOUS_STATUS-absent}" >>prev
test "$RETRY_ATTEMPT" -ne 4 || kill -KILL $$
exit $((10 + RETRY_ATTEMPT))
CHILD
returns_ 15 "$RETRY" -a 5 --delay=0 sh child.sh 2>err || fail=1
printf '%s\n' absent 11 12 13 137 >exp
cmp -s prev exp || note_ "RETRY_PREVIOUS_STATUS was:" "$(cat prev)" || fail=1

Exit "$fail"
