#!/bin/sh
# SPDX-License-Identifier: ISC
# A SIGHUP or SIGINT that retry was started with ignored does not stop it
# (nohup retry ...): the attempt runs to its end.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

for sig in HUP INT; do
	rm -f runs
	drive_ -i $sig -w runs -k $sig -- "$RETRY" -a 1 \
		sh -c 'echo $$ >>pids; echo run >>runs; sleep 0.5; exit 3' 2>err
	test "$how $num" = "exit 3" && test -z "$notes" ||
		note_ "SIG$sig ignored, then sent: retry ended with" \
			"$how $num $notes" || fail=1
done

Exit "$fail"
