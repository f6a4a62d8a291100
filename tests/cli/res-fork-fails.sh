#!/bin/sh
# SPDX-License-Identifier: ISC
# When fork fails (the process limit is reached), retry says so and exits
# 125 at once: no crash, no hang, no retry of its own failure.
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

# Root is not held to RLIMIT_NPROC: run as nobody, where that is possible.
command -v setpriv >/dev/null 2>&1 || skip_ "setpriv is not installed"
command -v prlimit >/dev/null 2>&1 || skip_ "prlimit is not installed"
if [ "$(id -u)" -eq 0 ]; then
	as_="setpriv --reuid=65534 --regid=65534 --clear-groups --"
else
	as_=
fi
chmod 755 . || framework_failure_ "cannot open the test directory"
# shellcheck disable=SC2086 # $as_ is several words on purpose
# (LeakSanitizer, in a sanitized build, needs a thread of its own.)
ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0
export ASAN_OPTIONS
$as_ prlimit --nproc=1 "$RETRY" -a 3 --delay=0 -- true >out 2>err
st=$?
test $st -eq 77 && skip_ "cannot lower the process limit"
# With one process allowed, the user may already be at the limit elsewhere:
# only 125 with a message, or (if fork worked after all) 0, are right.
case $st in
125) grep -q 'cannot start' err || note_ "no message:" "$(cat err)" || fail=1 ;;
0) skip_ "fork did not fail with a process limit of 1" ;;
*) note_ "expected 125, got $st:" "$(cat err)"; fail=1 ;;
esac
exit $fail
