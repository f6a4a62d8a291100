#!/bin/sh
# SPDX-License-Identifier: ISC
# Each condition on output may be given more than once: a match of any of
# its patterns counts.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

# runs_for EXIT TEXT OPTION...: how many runs retry -a 3 makes of a child
# that prints TEXT and exits EXIT, in ./n.
runs_for() {
	exit_=$1 text_=$2
	shift 2
	rm -f runs
	"$RETRY" -q -a 3 --delay=0 "$@" sh -c \
		'echo run >>runs; printf "%s\n" "$1"; exit "$2"' sh \
		"$text_" "$exit_" >out 2>err
	nlines runs >n
}

# check WANT EXIT TEXT OPTION...: runs_for makes WANT runs.
check() {
	want_=$1
	shift
	runs_for "$@"
	test "$(cat n)" -eq "$want_" && return 0
	note_ "expected $want_ run(s), got $(cat n): exit $1, '$2', $*"
}

for text in alpha 'a beta b' gamma; do
	check 3 1 "$text" --retry-if-output=alpha --retry-if-output=beta \
		--retry-if-output='^gamma$' || fail=1
	check 1 1 "$text" --stop-if-output='^alpha$' --stop-if-output=beta \
		--stop-if-output=gamma || fail=1
	check 3 0 "$text" --fail-if-output=alpha --fail-if-output=beta \
		--fail-if-output=gamma || fail=1
done

# None of them matches.
check 1 1 delta --retry-if-output=alpha --retry-if-output=beta || fail=1
check 3 1 delta --stop-if-output=alpha --stop-if-output=beta || fail=1
check 1 0 delta --fail-if-output=alpha --fail-if-output=beta || fail=1

# The same pattern twice is as once.
check 3 1 alpha --retry-if-output=alpha --retry-if-output=alpha || fail=1

Exit "$fail"
