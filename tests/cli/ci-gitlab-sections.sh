#!/bin/sh
# SPDX-License-Identifier: ISC
# Under GitLab CI (GITLAB_CI=true) with stderr a pipe, each attempt is a
# collapsible section in GitLab's documented syntax:
#   ESC[0Ksection_start:UNIX_TIMESTAMP:SECTION_NAME CR ESC[0K HEADER
#   ESC[0Ksection_end:UNIX_TIMESTAMP:SECTION_NAME CR ESC[0K
# named retry_XXXXXXXX_N (the run id's first 8 hex digits, the attempt),
# the same name at its start and its end, the time now; a retry's message
# is yellow and a give-up's red, since GitLab has no annotations.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-ci.sh
. "$TESTS_DIR/lib-ci.sh"

GITLAB_CI=true
export GITLAB_CI
esc=$(printf '\033')
cr=$(printf '\r')

# The command records the run id it was given.
cat >id.sh <<'EOF2'
printf '%s\n' "$RETRY_RUN_ID" >>ids
exec sh say.sh "$@"
EOF2

t0=$(date +%s)
piped_ 3 "$RETRY" -a 3 -d 0 -m NAME sh id.sh 9 3 || fail=1
t1=$(date +%s)
expect_lines 3 ids || fail=1
test "$(sort -u ids | wc -l)" -eq 1 || note_ "several run ids:" "$(cat ids)" || fail=1
id=$(head -n 1 ids | cut -c 1-8)
case $id in
????????) ;;
*) framework_failure_ "no run id in the command's environment: $id" ;;
esac

# Every marker's time is now, give or take a second.
sed -n "s/^$esc\[0Ksection_[a-z]*:\([0-9]*\):.*/\1/p" err >stamps_s
expect_lines 6 stamps_s || fail=1
while read -r t; do
	test "$t" -ge $((t0 - 1)) && test "$t" -le $((t1 + 1)) ||
		note_ "a section's time $t is not between $t0 and $t1" || fail=1
done <stamps_s

# The rest, byte for byte, the times left out.
sed "s/^\($esc\[0Ksection_[a-z]*\):[0-9]*:/\1:T:/" err >got
{
	printf '%s[0Ksection_start:T:retry_%s_1%s%s[0Kretry: NAME: attempt 1/3\n' \
		"$esc" "$id" "$cr" "$esc"
	printf 'attempt 1 err\n'
	printf '\n%s[0Ksection_end:T:retry_%s_1%s%s[0K\n' "$esc" "$id" "$cr" "$esc"
	printf '%s[0;33mretry: NAME: attempt 1/3 failed (exit status 3); retrying in 0s%s[0m\n' \
		"$esc" "$esc"
	for n in 2 3; do
		printf '%s[0Ksection_start:T:retry_%s_%s%s%s[0Kretry: NAME: attempt %s/3, after attempt %s failed (exit status 3)\n' \
			"$esc" "$id" "$n" "$cr" "$esc" "$n" $((n - 1))
		printf 'attempt %s err\n' "$n"
		printf '\n%s[0Ksection_end:T:retry_%s_%s%s%s[0K\n' \
			"$esc" "$id" "$n" "$cr" "$esc"
		test "$n" -eq 3 && break
		printf '%s[0;33mretry: NAME: attempt 2/3 failed (exit status 3); retrying in 0s%s[0m\n' \
			"$esc" "$esc"
	done
	printf '%s[0;31mretry: NAME: attempt 3/3 failed (exit status 3); giving up after 3 attempts%s[0m\n' \
		"$esc" "$esc"
} >exp
cmp -s exp got || note_ "stderr is not GitLab's sections:" \
	"$(diff exp got | cat -v)" || fail=1
printf 'attempt %s out\n' 1 2 3 >exp
cmp -s exp out || note_ "stdout is not the command's:" "$(cat -v out)" || fail=1

Exit "$fail"
