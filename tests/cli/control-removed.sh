#!/bin/sh
# SPDX-License-Identifier: ISC
# RETRY_CONTROL and its directory are removed at the end of the run: after
# a success, a give-up, a stop, and a run ended by SIGTERM.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

command -v timeout >/dev/null || skip_ "timeout(1) is not available"
mkdir tmp || framework_failure_ "cannot make tmp"
T=$PWD/tmp

left() {
	test "$(ls -A "$T")" = '' && return 0
	note_ "$1: left in \$TMPDIR:" "$(ls -A "$T")"
	rm -rf "${T:?}"/*
	return 1
}

returns_ 0 env TMPDIR="$T" "$RETRY" -a 2 --delay=0 sh -c \
	'test -f "$RETRY_CONTROL" && echo "$RETRY_CONTROL" >path' 2>err ||
	fail=1
p=$(cat path 2>/dev/null)
case $p in
"$T"/?*/?*) ;;
*) note_ "the attempt had no RETRY_CONTROL in \$TMPDIR: '$p'"; fail=1 ;;
esac
test ! -e "$p" && test ! -e "${p%/*}" ||
	note_ "$p or its directory is left" || fail=1
left "a success" || fail=1
returns_ 1 env TMPDIR="$T" "$RETRY" -a 2 --delay=0 sh -c \
	'echo x >"$RETRY_CONTROL"; exit 1' 2>err || fail=1
left "a give-up" || fail=1
returns_ 1 env TMPDIR="$T" "$RETRY" -a 2 --delay=0 sh -c \
	'echo stop >"$RETRY_CONTROL"; exit 1' 2>err || fail=1
left "a stop" || fail=1
# SIGTERM while an attempt runs: retry forwards it, and dies of it.
returns_ 124 env TMPDIR="$T" timeout -s TERM 1 "$RETRY" -a 2 --delay=0 \
	sh -c 'echo x >"$RETRY_CONTROL"; exec sleep 30' 2>err || fail=1
left "SIGTERM" || fail=1

Exit "$fail"
