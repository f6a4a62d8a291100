#!/bin/sh
# SPDX-License-Identifier: ISC
# With --foreground, a SIGTERM, SIGINT or SIGHUP to retry still reaches the
# command, and retry dies of it.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

for sig in TERM INT HUP; do
	rm -f runs got
	drive_ -w runs -k $sig -- "$RETRY" --foreground -a 5 --delay=0 \
		sh -c 'echo $$ >>pids; trap "echo $1 >>got; exit 1" "$1"
		echo run >>runs; while :; do sleep 0.05; done' sh $sig 2>err
	expect_death_ $sig || fail=1
	expect_runs 1 || fail=1
	test "$(cat got 2>/dev/null)" = $sig ||
		note_ "SIG$sig: the command did not get it" || fail=1
	expect_gone_ "$(tail -n 1 pids)" || fail=1
done

Exit "$fail"
