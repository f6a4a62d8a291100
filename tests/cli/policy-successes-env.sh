#!/bin/sh
# SPDX-License-Identifier: ISC
# --successes: each attempt gets RETRY_SUCCESSES, the successes in a row
# so far (0 after a failure). Without the option there is none, not even
# one inherited from an outer retry.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

cat >second.sh <<'SH' || framework_failure_ "cannot write second.sh"
echo "${RETRY_SUCCESSES-unset}" >>runs
test "$(wc -l <runs)" -ne 2
SH

returns_ 0 "$RETRY" --successes=3 --delay=0 sh second.sh 2>err || fail=1
printf '0\n1\n0\n1\n2\n' >exp
cmp -s exp runs || note_ "RETRY_SUCCESSES was" "$(cat runs)" || fail=1

rm -f runs
RETRY_SUCCESSES=7 returns_ 0 "$RETRY" --delay=0 sh second.sh 2>err || fail=1
printf 'unset\n' >exp
cmp -s exp runs || note_ "without --successes:" "$(cat runs)" || fail=1

Exit "$fail"
