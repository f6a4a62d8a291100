#!/bin/sh
# SPDX-License-Identifier: ISC
# --hedge: when every copy fails, the status is that of the copy that
# failed last, also when retry was held up meanwhile: here copy 1's held
# output waits for a reader that takes nothing for 2 s, while copy 3 (exit
# 13) and then copy 2 (exit 12) end. The run ends with 12.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

cat >copy.sh <<'SH' || framework_failure_ "cannot write copy.sh"
case $RETRY_ATTEMPT in
1) sleep 0.2; head -c 4000000 /dev/zero >&2; exit 11 ;;
2) sleep 1.0; exit 12 ;;
3) sleep 0.5; exit 13 ;;
esac
SH
{ "$RETRY" --hedge=50ms --hedge-max=3 -a 3 -- sh copy.sh 2>&1 >/dev/null
  echo $? >status; } | { sleep 2; cat >/dev/null; }
test "$(cat status)" = 12 ||
	note_ "status $(cat status), not 12 (copy 2 failed last)" || fail=1

Exit "$fail"
