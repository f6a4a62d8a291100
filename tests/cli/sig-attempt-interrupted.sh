#!/bin/sh
# SPDX-License-Identifier: ISC
# An attempt that dies of SIGINT or SIGQUIT is the user interrupting: retry
# starts no new attempt and dies of the same signal.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

for sig in INT QUIT; do
	rm -f runs
	drive_ -- "$RETRY" -a 5 --delay=0 \
		sh -c 'echo run >>runs; kill -s "$1" $$; sleep 1' sh $sig 2>err
	expect_death_ $sig || fail=1
	expect_runs 1 || fail=1
done

Exit "$fail"
