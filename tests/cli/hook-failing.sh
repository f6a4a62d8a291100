#!/bin/sh
# SPDX-License-Identifier: ISC
# A hook that fails is reported on stderr and changes nothing: the same
# attempts run and retry exits with the same status as without it.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

# run ST RUNS N HOOK-OPTION...: retry -a 3 of `sh flaky.sh N 4` exits ST
# after RUNS runs.
run() {
	st_=$1 runs_=$2 n_=$3
	shift 3
	rm -f runs
	returns_ "$st_" "$RETRY" -a 3 --delay=0 "$@" sh flaky.sh "$n_" 4 \
		>out 2>err || return 1
	expect_runs "$runs_" || note_ "with $*"
}

for hook in 'exit 3' 'kill -s TERM $$' 'exec no-such-hook-command'; do
	for which in --on-retry --on-give-up; do
		run 4 3 99 "$which=$hook" || fail=1
		run 0 2 1 "$which=$hook" || fail=1
		run 4 1 99 --stop-on=4 "$which=$hook" || fail=1
		expect_empty out || fail=1
	done
done

# The report names the hook and says how it failed.
run 4 3 99 --on-retry='exit 3' || fail=1
test "$(grep -c 'on-retry.*3' err)" -eq 2 ||
	note_ "not two reports of the failed --on-retry hook:" "$(cat err)" ||
	fail=1
run 4 3 99 --on-give-up='exit 3' || fail=1
test "$(grep -c 'on-give-up.*3' err)" -eq 1 ||
	note_ "not one report of the failed --on-give-up hook:" "$(cat err)" ||
	fail=1
grep -v '^retry: ' err >other
expect_empty other || fail=1

Exit "$fail"
