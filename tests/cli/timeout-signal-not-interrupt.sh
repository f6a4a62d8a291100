#!/bin/sh
# SPDX-License-Identifier: ISC
# An attempt that --timeout stops with SIGINT or SIGQUIT is a timeout, not the
# user's interrupt: 124, and retried.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

for sig in INT QUIT; do
	rm -f runs
	returns_ 124 dfl_ -- "$RETRY" -a 2 --delay=0 -t 200ms --signal=$sig \
		sh -c 'echo $$ >>pids; echo run >>runs; exec sleep 10' 2>err ||
		fail=1
	expect_runs 2 || fail=1
done

Exit "$fail"
