#!/bin/sh
# SPDX-License-Identifier: ISC
# A FIFO in the file: store, where the budget's temporary file, state file
# or lock goes, never holds a run (an open for writing would wait for a
# reader forever, past the deadline and SIGTERM): the command runs, and
# the FIFO is replaced by the state, or, as the lock, left alone with one
# warning that the budget is not used.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

# with_fifo_at SUFFIX: a fresh store with a FIFO at st/b.SUFFIX, and a run
# of retry on budget b in it, stopped by SIGKILL if it has not ended in
# 10 s; the command records its run in ./runs, retry's stderr is in ./err.
with_fifo_at() {
	rm -rf st runs
	mkdir -m 700 st && mkfifo "st/b.$1" ||
		framework_failure_ "cannot make st/b.$1"
	returns_ 0 timeout -s KILL 10 "$RETRY" -D 2 --budget=b \
		--store=file:"$PWD/st" -- sh -c 'echo run >>runs' 2>err ||
		note_ "a FIFO at b.$1:" "$(cat err)" || return 1
	expect_runs 1 || return 1
}

# The state is there, a regular file: the FIFO was replaced.
state_written() {
	test -f st/b.budget && ! test -p st/b.budget &&
		grep -q '^retry-budget 1 tokens=' st/b.budget ||
		note_ "a FIFO at b.$1: no state written:" "$(ls -l st)"
}

# At the temporary file: replaced without a word.
if with_fifo_at tmp; then
	state_written tmp || fail=1
	! test -e st/b.tmp || note_ "st/b.tmp is left:" "$(ls -l st)" || fail=1
	expect_empty err || fail=1
else
	fail=1
fi

# At the state file: one warning, a fresh budget.
if with_fifo_at budget; then
	state_written budget || fail=1
	expect_lines 1 err || fail=1
	grep -q 'budget file .*st/b.budget is a FIFO.*starting a fresh budget' \
		err || note_ "the warning:" "$(cat err)" || fail=1
else
	fail=1
fi

# At the lock: not replaced (two runs that replaced it at once could each
# end up with a lock of its own); one warning, the run goes on without the
# budget.
if with_fifo_at lock; then
	test -p st/b.lock || note_ "st/b.lock is no longer the FIFO" || fail=1
	expect_lines 1 err || fail=1
	grep -q 'budget b cannot be used (.*st/b.lock is a FIFO.*going on without it' \
		err || note_ "the warning:" "$(cat err)" || fail=1
else
	fail=1
fi

# A FIFO as DIR itself is refused at once (125, naming --store).
mkfifo fifo || framework_failure_ "cannot make a fifo"
returns_ 125 timeout -s KILL 10 "$RETRY" --budget=b --store=file:"$PWD/fifo" \
	-- touch ran 2>err || fail=1
test ! -e ran || note_ "the command ran" || fail=1
grep -q -- '--store=file:.*fifo' err || note_ "DIR a FIFO:" "$(cat err)" || fail=1

Exit "$fail"
