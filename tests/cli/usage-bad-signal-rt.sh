#!/bin/sh
# SPDX-License-Identifier: ISC
# --signal=RTMIN+N and RTMAX-N take N from 0 to SIGRTMAX - SIGRTMIN: the
# ends are accepted, one past them and what is no such name are usage
# errors that name --signal and the value.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

require_python3_
n=$(python3 -c 'import signal; print(signal.SIGRTMAX - signal.SIGRTMIN)' \
	2>/dev/null) || skip_ "no real-time signals here"

for v in "RTMIN+$n" "SIGRTMAX-$n" RTMIN+0 rtmax-0; do
	returns_ 0 "$RETRY" -a 1 --signal="$v" -- true 2>err ||
		note_ "--signal=$v:" "$(cat err)" || fail=1
done
for v in RTMIN+99 "RTMIN+$((n + 1))" "SIGRTMAX-$((n + 1))" \
	RTMIN+99999999999999999999; do
	bad_value_ --signal "$v" || fail=1
	mentions_ "from 0 to $n" || fail=1
done
for v in RTMIN-1 RTMAX+1 RTMIN+ 'RTMIN+ 1' RTMIN+-1 RTMIN+1x RTMINX; do
	bad_value_ --signal "$v" || fail=1
done

Exit "$fail"
