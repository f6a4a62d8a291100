#!/bin/sh
# SPDX-License-Identifier: ISC
# In CI, stdout stays the command's, byte for byte: no marker is written
# there and nothing in the output is escaped, whatever it holds ('%', '::',
# a workflow command, CR, NUL, a byte that is not UTF-8, ESC, no final
# newline), over several attempts, with --stdout=stream and hold.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-ci.sh
. "$TESTS_DIR/lib-ci.sh"

# Each run writes the bytes and its number, fails twice, then succeeds.
cat >bytes.sh <<'EOF2'
echo run >>runs
printf '%%s::x%%0A\r\n\000\377\033[0m\n::group::y\n::error::z\n%s' "$(wc -l <runs)"
test "$(wc -l <runs)" -gt 2
EOF2
for n in 1 2 3; do
	printf '%%s::x%%0A\r\n\000\377\033[0m\n::group::y\n::error::z\n%s' "$n" >"exp$n"
done
cat exp1 exp2 exp3 >exp.stream
cp exp3 exp.hold

for var in GITHUB_ACTIONS GITLAB_CI; do
	for mode in stream hold; do
		rm -f runs
		piped_ 0 env "$var=true" "$RETRY" --stdout=$mode -a 3 -d 0 -- \
			sh bytes.sh || fail=1
		expect_runs 3 || fail=1
		cmp -s "exp.$mode" out ||
			note_ "$var --stdout=$mode: stdout is not the command's:" \
				"$(od -c out)" || fail=1
		# The markers were on: they went to stderr.
		grep -q "retry: sh: attempt 2/3" err ||
			note_ "$var --stdout=$mode: no messages:" "$(cat -v err)" ||
			fail=1
	done
done
# The markers were in CI's form, so they really were on.
grep -q "section_start:" err || note_ "no GitLab markers:" "$(cat -v err)" ||
	fail=1

Exit "$fail"
