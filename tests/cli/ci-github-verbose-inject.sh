#!/bin/sh
# SPDX-License-Identifier: ISC
# -v's lines name the command: an LF or a CR in -m or in the command's
# file name is shown escaped (\n, \r), so that "attempt 1/2 starting" can
# never put "::error::pwned" at the start of a line in GitHub Actions,
# nor a line without "retry: " in plain text; --hedge's lines the same
# (issue 38).

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-ci.sh
. "$TESTS_DIR/lib-ci.sh"

# The name in -m.
piped_ 1 env GITHUB_ACTIONS=true "$RETRY" -v -a 2 -d 0 -m "$forged_name" \
	false || fail=1
meant_lines_ github || fail=1
grep -q '^retry: N\\n::error::pwned\\r::add-mask::masked #\\x23\[error\]pwned2: attempt 1/2 starting after' \
	err || note_ "-v: no start line, escaped:" "$(cat -v err)" || fail=1
returns_ 1 "$RETRY" -v -a 2 -d 0 -m "$forged_name" false 2>err || fail=1
meant_lines_ || fail=1

# The name of the command's file.
printf '#!/bin/sh\nexit 1\n' >"$forged_name" ||
	framework_failure_ "cannot write a file by that name"
chmod +x "$forged_name" || framework_failure_ "cannot chmod it"
piped_ 1 env GITHUB_ACTIONS=true "$RETRY" -v -a 2 -d 0 "./$forged_name" ||
	fail=1
meant_lines_ github || fail=1
grep -q 'attempt 1/2 starting after' err ||
	note_ "-v: no start line:" "$(cat -v err)" || fail=1
returns_ 1 "$RETRY" -v -a 2 -d 0 "./$forged_name" 2>err || fail=1
meant_lines_ || fail=1

# --hedge: the second copy starts by DELAY while the first waits for it
# (at most 10 s), and both fail.
cat >copy.sh <<'SH' || framework_failure_ "cannot write copy.sh"
if test "$RETRY_ATTEMPT" = 1; then
	i=0
	while test ! -e two && test $i -lt 1000; do
		sleep 0.01
		i=$((i + 1))
	done
else
	: >two
fi
exit 1
SH
piped_ 1 env GITHUB_ACTIONS=true "$RETRY" -v --hedge=10ms -a 2 \
	-m "$forged_name" sh copy.sh || fail=1
meant_lines_ github || fail=1
grep -q 'starting as a hedge' err ||
	note_ "--hedge -v: no hedge line:" "$(cat -v err)" || fail=1
rm -f two
returns_ 1 "$RETRY" -v --hedge=10ms -a 2 -m "$forged_name" sh copy.sh \
	2>err || fail=1
meant_lines_ || fail=1

Exit "$fail"
