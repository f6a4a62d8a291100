#!/bin/sh
# SPDX-License-Identifier: ISC
# --stdout=hold: a successful attempt's output that cannot be written to
# stdout (a full device) is retry's own failure, 125, and the message says
# that standard output is what failed.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

test -w /dev/full || skip_ "no /dev/full"

returns_ 125 "$RETRY" --stdout=hold -- echo hi >/dev/full 2>err || fail=1
grep '^retry: .*standard output' err >/dev/null ||
	note_ "stderr does not mention standard output:" "$(cat err)" || fail=1

Exit "$fail"
