#!/bin/sh
# SPDX-License-Identifier: ISC
# --ci-dotenv's report is written by a run that retry dies of SIGTERM
# too: exit_status=143, gave_up=true.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

"$RETRY" -q -a 5 -d 30s --ci-dotenv=r.env sh -c 'echo run >>runs; exit 1' \
	>out 2>err &
pid=$!
poll_ "test -s runs && idle_ $pid" || { kill -s KILL $pid
	fail_ "retry never slept"; }
kill -s TERM $pid
wait $pid
st=$?
test $st -eq 143 || note_ "retry exited $st, not 143" || fail=1
printf 'attempts=1\nexit_status=143\ngave_up=true\n' >exp
cmp -s exp r.env || note_ "r.env holds:" "$(cat r.env 2>&1)" || fail=1

Exit "$fail"
