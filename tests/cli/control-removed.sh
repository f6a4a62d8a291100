#!/bin/sh
# SPDX-License-Identifier: ISC
# RETRY_CONTROL is removed at the end of the run: after a success, a
# give-up, a stop, and a run ended by SIGTERM. Its directory, the user's
# own for retry (retry-UID), is kept for the next run, empty; one the run
# made for itself (when retry-UID is another user's) is removed too.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

command -v timeout >/dev/null || skip_ "timeout(1) is not available"
mkdir tmp || framework_failure_ "cannot make tmp"
T=$PWD/tmp
D=$T/retry-$(id -u)

left() {
	if test "$(ls -A "$T")" = "retry-$(id -u)" && test -d "$D" &&
	    test "$(ls -A "$D")" = ''; then
		return 0
	fi
	note_ "$1: left in \$TMPDIR:" "$(ls -AR "$T")"
	rm -rf "${T:?}"/*
	return 1
}

returns_ 0 env TMPDIR="$T" "$RETRY" -a 2 --delay=0 sh -c \
	'test -f "$RETRY_CONTROL" && echo "$RETRY_CONTROL" >path' 2>err ||
	fail=1
p=$(cat path 2>/dev/null)
case $p in
"$D"/?*) ;;
*) note_ "the attempt had no RETRY_CONTROL in $D: '$p'"; fail=1 ;;
esac
test ! -e "$p" || note_ "$p is left" || fail=1
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


# retry-UID is another user's (or anything but the user's own directory):
# the run makes one of its own beside it, and removes it.
if test "$(id -u)" = 0 && id nobody >/dev/null 2>&1; then
	rm -rf "$D" && mkdir -m 700 "$D" && chown nobody "$D" ||
		framework_failure_ "cannot give $D away"
	returns_ 0 env TMPDIR="$T" "$RETRY" -a 1 sh -c \
		'echo "$RETRY_CONTROL" >path; echo stop >"$RETRY_CONTROL"' \
		2>err || fail=1
	case $(cat path) in
	"$T"/retry-control.??????/?*) ;;
	*) note_ "beside another user's $D: '$(cat path)'"; fail=1 ;;
	esac
	test "$(ls -A "$T")" = "retry-$(id -u)" ||
		note_ "left beside another user's directory:" "$(ls -A "$T")" ||
		fail=1
fi

Exit "$fail"
