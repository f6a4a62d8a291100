#!/bin/sh
# SPDX-License-Identifier: ISC
# --kill-after=0 means no SIGKILL: an attempt that survives the stop signal
# runs to its end.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

# The attempt records SIGTERM, goes on for about 1.2 s, then records its end.
for opt in '-k 0' --kill-after=0; do
	: >got
	# shellcheck disable=SC2086 # $opt is one or two words on purpose
	timed_ 124 dfl_ -- "$RETRY" -a 1 -t 200ms $opt \
		sh -c 'echo $$ >>pids; trap "echo TERM >>got" TERM; i=0
		while test $i -lt 12; do sleep 0.1; i=$((i + 1)); done
		echo end >>got' 2>err || fail=1
	test "$(cat got)" = "TERM
end" || note_ "$opt: the attempt recorded:" "$(cat got)" || fail=1
done

Exit "$fail"
