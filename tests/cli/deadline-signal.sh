#!/bin/sh
# SPDX-License-Identifier: ISC
# --signal also chooses the signal that stops an attempt at the --deadline.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

for sig in INT SIGUSR1 1; do
	: >got
	returns_ 124 dfl_ -- "$RETRY" -D 300ms --signal="$sig" \
		sh -c 'echo $$ >>pids
		trap "echo INT >>got; exit 0" INT
		trap "echo HUP >>got; exit 0" HUP
		trap "echo USR1 >>got; exit 0" USR1
		trap "echo TERM >>got; exit 0" TERM
		while :; do sleep 0.05; done' 2>err || fail=1
	case $sig in
	1) exp=HUP ;;
	*) exp=${sig#SIG} ;;
	esac
	test "$(cat got)" = "$exp" ||
		note_ "--signal=$sig: the attempt got:" "$(cat got)" || fail=1
done

Exit "$fail"
