#!/bin/sh
# SPDX-License-Identifier: ISC
# In GitLab's log a section's header and a coloured message are one line
# each: the control characters of a -m TEXT (tab, ESC, LF, CR, DEL) are
# shown escaped there, as in every line of retry's (\t, \x1b, \n, \r,
# \x7f), so that a name can neither break the marker nor paint the log;
# other bytes (UTF-8 é) stay.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-ci.sh
. "$TESTS_DIR/lib-ci.sh"

GITLAB_CI=true
export GITLAB_CI
esc=$(printf '\033')
cr=$(printf '\r')

name=$(printf 'a\tb\033[31mc\nd\re\177f \303\251')
plain=$(printf '%s\303\251' 'a\tb\x1b[31mc\nd\re\x7ff ')
piped_ 1 "$RETRY" -a 2 -d 0 -m "$name" false || fail=1
sed "s/^\($esc\[0Ksection_[a-z]*\):[0-9]*:retry_[0-9a-f]*_/\1:T:retry_ID_/" \
	err >got
{
	printf '%s[0Ksection_start:T:retry_ID_1%s%s[0Kretry: %s: attempt 1/2\n' \
		"$esc" "$cr" "$esc" "$plain"
	printf '\n%s[0Ksection_end:T:retry_ID_1%s%s[0K\n' "$esc" "$cr" "$esc"
	printf '%s[0;33mretry: %s: attempt 1/2 failed (exit status 1); retrying in 0s%s[0m\n' \
		"$esc" "$plain" "$esc"
	printf '%s[0Ksection_start:T:retry_ID_2%s%s[0Kretry: %s: attempt 2/2, after attempt 1 failed (exit status 1)\n' \
		"$esc" "$cr" "$esc" "$plain"
	printf '\n%s[0Ksection_end:T:retry_ID_2%s%s[0K\n' "$esc" "$cr" "$esc"
	printf '%s[0;31mretry: %s: attempt 2/2 failed (exit status 1); giving up after 2 attempts%s[0m\n' \
		"$esc" "$plain" "$esc"
} >exp
cmp -s exp got || note_ "control characters left in the header or messages:" \
	"$(diff exp got | cat -v)" || fail=1

Exit "$fail"
