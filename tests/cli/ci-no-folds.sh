#!/bin/sh
# SPDX-License-Identifier: ISC
# Folds are left out where they would not hold one attempt's output: with
# --hedge (copies run side by side) and in a retry run by a retry (the
# outer one's fold holds the whole inner run; folds of its own would
# nest).  The annotations (GitHub) and coloured messages (GitLab) stay.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-ci.sh
. "$TESTS_DIR/lib-ci.sh"

esc=$(printf '\033')

# --hedge, GitHub: annotations, no fold.
piped_ 1 env GITHUB_ACTIONS=true "$RETRY" --hedge=10ms -a 2 -m H false ||
	fail=1
grep -q -E '^::(group|endgroup)::' err &&
	{ note_ "--hedge: a fold:" "$(cat err)"; fail=1; }
grep -q '^::warning::retry: H: attempt 1/2 failed' err ||
	note_ "--hedge: no warning:" "$(cat err)" || fail=1
grep -q '^::error::retry: H: attempt 2/2 failed.*giving up' err ||
	note_ "--hedge: no error:" "$(cat err)" || fail=1

# --hedge, GitLab: colours, no section.
piped_ 1 env GITLAB_CI=true "$RETRY" --hedge=10ms -a 2 -m H false || fail=1
grep -q 'section_' err && { note_ "--hedge: a section:" "$(cat -v err)"; fail=1; }
grep -q "^$esc\[0;33mretry: H: attempt 1/2 failed" err ||
	note_ "--hedge: no yellow retry:" "$(cat -v err)" || fail=1
grep -q "^$esc\[0;31mretry: H: attempt 2/2 failed.*giving up" err ||
	note_ "--hedge: no red give-up:" "$(cat -v err)" || fail=1

# Nested, GitHub: the outer retry's two folds only; the inner one's
# annotations inside them.
piped_ 1 env GITHUB_ACTIONS=true "$RETRY" -a 2 -d 0 -m OUT \
	"$RETRY" -a 2 -d 0 -m IN false || fail=1
grep -E '^::(group|endgroup)::' err >folds
cat >exp <<'EOF2'
::group::retry: OUT: attempt 1/2
::endgroup::
::group::retry: OUT: attempt 2/2, after attempt 1 failed (exit status 1)
::endgroup::
EOF2
cmp -s exp folds || note_ "nested: not the outer folds only:" "$(cat err)" ||
	fail=1
sed -n '/^::group::/,/^::endgroup::/p' err |
	grep -c '^::warning::retry: IN: attempt 1/2 failed' >n
test "$(cat n)" -eq 2 || note_ "nested: the inner warnings are not in the folds:" \
	"$(cat err)" || fail=1
test "$(grep -c '^::error::retry: IN: attempt 2/2 failed' err)" -eq 2 ||
	note_ "nested: not two inner errors:" "$(cat err)" || fail=1

# Nested, GitLab: the outer sections only.
piped_ 1 env GITLAB_CI=true "$RETRY" -a 2 -d 0 -m OUT \
	"$RETRY" -a 2 -d 0 -m IN false || fail=1
test "$(grep -c "^$esc\[0Ksection_start:" err)" -eq 2 ||
	note_ "nested: not two sections:" "$(cat -v err)" || fail=1
grep "^$esc\[0Ksection_start:" err | grep -v "$esc\[0Kretry: OUT: " >bad
expect_empty bad || fail=1
test "$(grep -c "^$esc\[0;33mretry: IN: attempt 1/2 failed" err)" -eq 2 ||
	note_ "nested: not two inner yellow retries:" "$(cat -v err)" || fail=1

Exit "$fail"
