#!/bin/sh
# SPDX-License-Identifier: ISC
# Output that passes through retry (a condition on output, --http) and
# cannot be written (a full device) is retry's own failure, as for held
# output: status 125, a message that names the stream, and no further
# attempt. It was dropped without a word, and the attempt's status passed
# on.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

test -w /dev/full || skip_ "no /dev/full"

# says_stdout_ WHAT: ./err says that standard output could not be written.
says_stdout_() {
	grep '^retry: cannot write .*standard output: ' err >/dev/null ||
		note_ "$1: stderr does not say standard output failed:" \
			"$(head -c 500 err)"
}

# 100 kB on stdout, all in the pipe before retry reads any of it: the
# attempt ends with 0 whatever retry does with them.
for opt in --retry-if-output=zz --fail-if-output=zz --http; do
	rm -f runs
	returns_ 125 "$RETRY" -a 3 --delay=0 "$opt" -- sh -c \
		'echo run >>runs; head -c 100000 /dev/zero' >/dev/full 2>err ||
		fail=1
	says_stdout_ "$opt" || fail=1
	expect_runs 1 || fail=1
done

# The attempt's stderr, relayed: the message cannot be seen, the status can.
returns_ 125 "$RETRY" -a 1 --retry-if-output=zz -- sh -c \
	'head -c 100000 /dev/zero >&2' 2>/dev/full || fail=1

# A real curl's 1 MB body, through --http.
# shellcheck source=lib-http.sh
. "$TESTS_DIR/lib-http.sh"
head -c 1000000 /dev/zero >body || framework_failure_ "cannot write body"
serve_ "200:body=$PWD/body"
returns_ 125 "$RETRY" -a 1 --http -- curl -q -fsS "$url" >/dev/full 2>err ||
	fail=1
says_stdout_ "--http, curl" || fail=1

Exit "$fail"
