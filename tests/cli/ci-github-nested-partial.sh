#!/bin/sh
# SPDX-License-Identifier: ISC
# A retry run by a retry has no folds of its own, so no "::endgroup::"
# stands between its attempt's stderr and its annotations: when the
# attempt's last stderr line has no newline ("partial", then exit), the
# "::warning::" and "::error::" after it must still start a line of
# their own, or the runner, which reads a command only at the start of
# a line, shows none (issue 38).  The attempt's bytes stay; a hook's
# unfinished line counts the same.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-ci.sh
. "$TESTS_DIR/lib-ci.sh"

GITHUB_ACTIONS=true
export GITHUB_ACTIONS

piped_ 1 "$RETRY" -a 2 -d 0 -m OUT \
	"$RETRY" -a 2 -d 0 -m IN sh -c 'printf partial >&2; exit 1' || fail=1
markers_at_line_start_ "nested" || fail=1
test "$(grep -c '^::warning::retry: IN: attempt 1/2 failed' err)" -eq 2 ||
	note_ "not two inner warnings:" "$(cat err)" || fail=1
test "$(grep -c '^::error::retry: IN: attempt 2/2 failed' err)" -eq 2 ||
	note_ "not two inner errors:" "$(cat err)" || fail=1
test "$(grep -c '^partial$' err)" -eq 4 ||
	note_ "the attempt's own bytes were lost:" "$(cat err)" || fail=1

# Its stdout without a final newline, stdout and stderr one pipe (2>&1).
{ env RETRY_RUN_ID=0123456789abcdef0123456789abcdef "$RETRY" -a 2 -d 0 \
	-m IN sh -c 'printf partial-out; exit 1' 2>&1; } | cat >err
markers_at_line_start_ "nested, stdout under 2>&1" || fail=1
test "$(grep -c '^partial-out$' err)" -eq 2 ||
	note_ "the attempt's stdout was lost:" "$(cat err)" || fail=1

# An --on-retry hook's unfinished line, before the next annotation.
piped_ 1 env RETRY_RUN_ID=0123456789abcdef0123456789abcdef "$RETRY" \
	-a 3 -d 0 --on-retry='printf hook >&2' -m IN false || fail=1
markers_at_line_start_ "nested, a hook's line" || fail=1
test "$(grep -c '^hook$' err)" -eq 2 ||
	note_ "the hook's bytes were lost:" "$(cat err)" || fail=1

Exit "$fail"
