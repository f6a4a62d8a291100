#!/bin/sh
# SPDX-License-Identifier: ISC
# GitHub reads a workflow command only at the start of a line.  When an
# attempt's last stderr line has no newline ("partial", then exit), the
# "::endgroup::" after it must still start a line of its own, or the fold
# is never closed and swallows the rest of the job's log; likewise the
# "::warning::" after a failed attempt's held stdout (--stdout=hold sends
# it to stderr) that has no final newline, and the "::endgroup::" after
# stdout without one when stdout and stderr are one pipe.  The attempt's
# bytes stay.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-ci.sh
. "$TESTS_DIR/lib-ci.sh"

GITHUB_ACTIONS=true
export GITHUB_ACTIONS

# stderr without a final newline.
piped_ 1 "$RETRY" -a 2 -d 0 sh -c 'printf partial >&2; exit 1' || fail=1
markers_at_line_start_ "stderr 'partial'" || fail=1
test "$(grep -c '^::endgroup::$' err)" -eq 2 ||
	note_ "not two folds closed:" "$(cat err)" || fail=1
test "$(grep -c '^partial$' err)" -eq 2 ||
	note_ "the attempt's own bytes were lost:" "$(cat err)" || fail=1

# A failed attempt's held stdout without a final newline.
piped_ 1 "$RETRY" --stdout=hold -a 2 -d 0 sh -c 'printf held; exit 1' ||
	fail=1
markers_at_line_start_ "--stdout=hold 'held'" || fail=1
test "$(grep -c '^held$' err)" -eq 2 ||
	note_ "the held output was lost:" "$(cat err)" || fail=1

# stdout and stderr one pipe (2>&1, as the README's step has it), the
# attempt's stdout without a final newline: retry cannot see it, and
# closes the fold on a line of its own all the same.
{ "$RETRY" -a 2 -d 0 sh -c 'printf partial-out; exit 1' 2>&1; } | cat >err
markers_at_line_start_ "stdout 'partial-out' under 2>&1" || fail=1
test "$(grep -c '^partial-out$' err)" -eq 2 ||
	note_ "the attempt's stdout was lost:" "$(cat err)" || fail=1

Exit "$fail"
