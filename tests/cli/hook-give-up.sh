#!/bin/sh
# SPDX-License-Identifier: ISC
# --on-give-up runs exactly once when retry gives up: attempts used up, a
# permanent status (by the status lists or by output), a command not found;
# never on success. It gets RETRY_STATUS and RETRY_ATTEMPTS_MADE.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

# shellcheck disable=SC2016 # expanded by the hook's shell
hook='echo "$RETRY_STATUS $RETRY_ATTEMPTS_MADE $RETRY_ATTEMPT" >>gave-up'

# gives_up ST LINE OPTION... -- COMMAND...: retry exits ST and the hook ran
# once, writing LINE (status, attempts made, the last attempt's number).
gives_up() {
	st_=$1 line_=$2
	shift 2
	rm -f runs gave-up
	returns_ "$st_" "$RETRY" --delay=0 --on-give-up="$hook" "$@" \
		>out 2>err || return 1
	test "$(cat gave-up 2>/dev/null)" = "$line_" && return 0
	note_ "$*: expected the hook once with '$line_', it wrote:" \
		"$(cat gave-up 2>/dev/null)"
}

# never ST OPTION... -- COMMAND...: a success with status ST, and the hook
# never ran.
never() {
	st_=$1
	shift
	rm -f runs gave-up
	returns_ "$st_" "$RETRY" --delay=0 --on-give-up="$hook" "$@" \
		>out 2>err || return 1
	test ! -e gave-up || note_ "$*: the hook ran on a success"
}

# Attempts used up.
gives_up 4 '4 3 3' -a 3 -- sh flaky.sh 99 4 || fail=1
gives_up 4 '4 1 1' -a 1 -- sh flaky.sh 99 4 || fail=1
# A permanent status: by --stop-on, by a status not in --retry-on.
gives_up 4 '4 1 1' -a 3 --stop-on=4 -- sh flaky.sh 99 4 || fail=1
gives_up 4 '4 2 2' -a 5 --stop-on=4 -- sh -c \
	'echo run >>runs; test $(wc -l <runs) -ge 2 && exit 4; exit 1' || fail=1
gives_up 4 '4 1 1' -a 3 --retry-on=1 -- sh flaky.sh 99 4 || fail=1
# Permanent by output.
gives_up 6 '6 1 1' -a 3 --stop-if-output=fatal -- \
	sh -c 'echo fatal; exit 6' || fail=1
gives_up 6 '6 1 1' -a 3 --retry-if-output=busy -- \
	sh -c 'echo fatal; exit 6' || fail=1
# A success turned into a failure by output, to the last.
gives_up 1 '1 2 2' -a 2 --fail-if-output=warn -- sh -c 'echo warn' || fail=1
# Not found, not executable.
gives_up 127 '127 1 1' -a 3 -- no-such-command-for-retry-tests || fail=1
printf 'echo hi\n' >noexec.sh
chmod -x noexec.sh
gives_up 126 '126 1 1' -a 3 -- ./noexec.sh || fail=1

# Never on a success, at once or after failures.
never 0 -a 3 -- true || fail=1
never 0 -a 3 -- sh flaky.sh 2 || fail=1
never 0 -a 3 --fail-if-output=warn -- sh -c 'echo fine' || fail=1
never 4 -a 3 --success-on=0,4 -- sh flaky.sh 99 4 || fail=1

Exit "$fail"
