#!/bin/sh
# SPDX-License-Identifier: ISC
# --signal=SIG: --timeout stops the attempt with SIG, by name or number; still
# 124.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

for sig in INT SIGINT 2; do
	: >got
	returns_ 124 dfl_ -- "$RETRY" -a 1 -t 200ms --signal="$sig" \
		sh -c 'echo $$ >>pids
		trap "echo INT >>got; exit 0" INT
		trap "echo TERM >>got; exit 0" TERM
		while :; do sleep 0.05; done' 2>err || fail=1
	test "$(cat got)" = INT ||
		note_ "--signal=$sig: the attempt got:" "$(cat got)" || fail=1
done

for sig in HUP SIGUSR1 1 KILL 9; do
	returns_ 124 dfl_ -- "$RETRY" -a 1 -t 200ms --signal="$sig" \
		sh -c 'echo $$ >>pids; exec sleep 10' 2>err || fail=1
done

Exit "$fail"
