#!/bin/sh
# SPDX-License-Identifier: ISC
# A directory where the file: store keeps a budget's state or its next
# state is replaced by the state, with one warning, and the next run says
# nothing: an empty one is removed, one with something in it is moved
# aside whole, never deleted.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

# run_b: a run on budget b in ./st that must exit 0 and run the command;
# retry's stderr is in ./err.
run_b() {
	rm -f ran
	returns_ 0 timeout -s KILL 10 "$RETRY" --budget=b \
		--store=file:"$PWD/st" -- touch ran 2>err || return 1
	test -e ran || note_ "the command did not run"
}

# replaced: st/b.budget is a state file now, and a second run is silent.
replaced() {
	test -f st/b.budget && grep -q '^retry-budget 1 tokens=' st/b.budget ||
		note_ "$1: no state:" "$(ls -l st)" || return 1
	run_b || return 1
	expect_empty err || note_ "$1: the second run warned" || return 1
}

# An empty directory at the state file.
mkdir -m 700 st && mkdir st/b.budget || framework_failure_ "cannot make st"
run_b || fail=1
expect_lines 1 err || fail=1
grep -q 'budget file .*st/b.budget is a directory.*starting a fresh budget' \
	err || note_ "the warning:" "$(cat err)" || fail=1
replaced 'empty' || fail=1
test -z "$(find st -name '*.bad-*')" || note_ "moved aside:" "$(ls st)" || fail=1

# A directory with a file in it: moved aside, with what is in it.
rm -rf st && mkdir -m 700 st && mkdir st/b.budget && echo precious \
	>st/b.budget/keep || framework_failure_ "cannot make st"
run_b || fail=1
expect_lines 1 err || fail=1
grep -q 'is a directory.*fresh budget.*moved to .*st/b\.budget\.bad-[A-Za-z0-9]\{6\}$' \
	err || note_ "the warning:" "$(cat err)" || fail=1
test "$(cat st/b.budget.bad-*/keep)" = precious ||
	note_ "the directory's file is lost:" "$(ls -R st)" || fail=1
replaced 'not empty' || fail=1

# A directory at the next state's name, empty or not: the same.
rm -rf st && mkdir -m 700 st && mkdir st/b.tmp || framework_failure_ "no st"
run_b || fail=1
expect_empty err || fail=1
replaced 'b.tmp empty' || fail=1
rm -rf st && mkdir -m 700 st && mkdir -p st/b.tmp/sub ||
	framework_failure_ "cannot make st"
run_b || fail=1
expect_lines 1 err || fail=1
grep -q 'directory .*st/b\.tmp moved to .*st/b\.tmp\.bad-' err ||
	note_ "the warning:" "$(cat err)" || fail=1
test -d st/b.tmp.bad-*/sub || note_ "b.tmp lost:" "$(ls -R st)" || fail=1
replaced 'b.tmp not empty' || fail=1

Exit "$fail"
