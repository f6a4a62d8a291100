#!/bin/sh
# SPDX-License-Identifier: ISC
# Prometheus' own checker, promtool, accepts FILE: with several labels,
# one that needs escapes ('"', '\') and one in UTF-8 (é), labels that never
# succeeded (a family with no sample for them), a give-up, a success and a
# command not found.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

command -v promtool >/dev/null 2>&1 || skip_ "promtool is not installed"

returns_ 1 "$RETRY" --metrics=m -a 2 -d 0 false 2>err || fail=1
promtool check metrics <m >promtool.out 2>&1 ||
	note_ "promtool refused a give-up alone:" "$(cat promtool.out)" "$(cat m)" ||
	fail=1
returns_ 0 "$RETRY" --metrics=m --metrics-label='q"uo\te' true || fail=1
returns_ 0 "$RETRY" --metrics=m --metrics-label="$(printf 'caf\303\251 job')" \
	true || fail=1
returns_ 127 "$RETRY" --metrics=m no-such-command 2>err || fail=1
returns_ 1 "$RETRY" --metrics=m -a 1 false 2>err || fail=1
test "$(grep -c '^retry_runs_total{' m)" -eq 4 ||
	note_ "not four labels:" "$(cat m)" || fail=1
grep -q 'command="q\\"uo\\\\te"' m || note_ "no escaped label:" "$(cat m)" ||
	fail=1
promtool check metrics <m >promtool.out 2>&1 ||
	note_ "promtool refused:" "$(cat promtool.out)" "$(cat m)" || fail=1

Exit "$fail"
