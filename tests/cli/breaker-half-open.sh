#!/bin/sh
# SPDX-License-Identifier: ISC
# With a deadline that allows it, a run waits for an open circuit; after
# DURATION one probe goes through: its failure opens the circuit again,
# its success closes it.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

# since_ T: the time in ms from T (now_ms) to now.  A run that waits for
# the circuit ends DURATION after it opened at the earliest, and it opened
# after T, taken before the run that opened it: so the run ends at least
# DURATION after T, however long a loaded machine took between the two.
# (The time of the waiting run alone may be shorter by that while.)
since_() { echo $(($(now_ms) - $1)); }

b="--budget=p --store=file:$PWD/st --breaker=1/1s"
t0=$(now_ms)
returns_ 1 "$RETRY" -a 1 $b -- false || fail=1
# Waits about 1 s, then its probe succeeds. (1 s, not less: each step
# below must come while the circuit is still open, even for a sanitized
# retry on a busy machine running the suite two at a time.)
returns_ 0 "$RETRY" -v -D 5s $b -- sh flaky.sh 0 2>err || fail=1
t=$(since_ "$t0")
test "$t" -ge 950 || note_ "did not wait for the circuit ($t ms)" || fail=1
expect_runs 1 || fail=1
grep -q 'held back .* by circuit p (open)' err || note_ "-v:" "$(cat err)" || fail=1
returns_ 0 "$RETRY" -D 100ms $b -- true || fail=1	# closed: at once
# Open it; a run waits, probes and fails: the circuit opens again for
# DURATION, so a run whose deadline comes sooner gives up at once (75),
# and one that can wait does, and closes it.
t0=$(now_ms)
returns_ 1 "$RETRY" -a 1 $b -- false || fail=1
rm -f runs
# The probe records when it started: the circuit opens again after that.
returns_ 1 "$RETRY" -D 5s -a 1 $b -- \
	sh -c 'echo probe >>runs; echo $(($(date +%s%N) / 1000000)) >probe.ms
	exit 1' 2>/dev/null || fail=1
t=$(since_ "$t0")
test "$t" -ge 950 || note_ "the probe did not wait ($t ms)" || fail=1
returns_ 75 "$RETRY" -D 100ms $b -- sh -c 'echo no >>runs' 2>/dev/null ||
	fail=1
returns_ 0 "$RETRY" -D 5s -a 1 $b -- sh -c 'echo ok >>runs' 2>err || fail=1
t=$(since_ "$(cat probe.ms)")
test "$t" -ge 950 || note_ "did not wait for the reopened circuit ($t ms)" ||
	fail=1
test "$(cat runs)" = "probe
ok" || note_ "runs:" "$(cat runs)" || fail=1
# The deadline too short for the circuit: give up at once with 75 (a run
# that waited would take its 3 s; "at once" leaves room for a slow,
# sanitized build on a busy machine).
l="--budget=l --store=file:$PWD/st --breaker=1/30s"
# shellcheck disable=SC2086
returns_ 1 "$RETRY" -a 1 $l -- false || fail=1
# shellcheck disable=SC2086
timed_ 75 "$RETRY" -D 3s $l -- true 2>err || fail=1
test "$ms" -lt 2000 || note_ "did not give up at once ($ms ms)" || fail=1

Exit "$fail"
