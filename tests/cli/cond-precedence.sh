#!/bin/sh
# SPDX-License-Identifier: ISC
# The order of the rules for an attempt: a success with a --fail-if-output
# match is a retried failure; a failure with a --stop-if-output match is
# permanent, even when --retry-if-output matches too; with --retry-if-output
# given and no match, permanent; otherwise the status lists decide.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

# try STATUS RUNS TEXT EXIT OPTION...: the child prints TEXT and exits
# EXIT; retry with OPTION... -a 3 exits STATUS after RUNS runs.
try() {
	st_=$1 runs_=$2 text_=$3 exit_=$4
	shift 4
	rm -f runs
	returns_ "$st_" "$RETRY" -q -a 3 --delay=0 "$@" sh -c \
		'echo run >>runs; printf "%s\n" "$1"; exit "$2"' sh \
		"$text_" "$exit_" >out 2>err || return 1
	expect_runs "$runs_" || note_ "with $*"
}

# Success with a fail-if match: retried, then status 1.
try 1 3 'bad' 0 --fail-if-output=bad || fail=1
# Success without one: done.
try 0 1 'good' 0 --fail-if-output=bad || fail=1
# fail-if says nothing about a failure: the status lists decide.
try 2 3 'bad' 2 --fail-if-output=bad || fail=1
try 2 1 'bad' 2 --fail-if-output=bad --stop-on=2 || fail=1

# Failure with a stop-if match: permanent, whatever retry-if says.
try 4 1 'busy, stop' 4 --stop-if-output=stop --retry-if-output=busy || fail=1
try 4 1 'busy, stop' 4 --retry-if-output=busy --stop-if-output=stop || fail=1
# ... and whatever the status lists say.
try 4 1 'stop' 4 --stop-if-output=stop --retry-on=4 || fail=1

# retry-if given, no match: permanent even for a status in --retry-on.
try 5 1 'other' 5 --retry-if-output=busy || fail=1
try 5 1 'other' 5 --retry-if-output=busy --retry-on=5 || fail=1
# stop-if given, no match, no retry-if: the status lists decide.
try 5 3 'other' 5 --stop-if-output=stop || fail=1

# retry-if matched: the status lists still decide.
try 6 3 'busy' 6 --retry-if-output=busy || fail=1
try 6 1 'busy' 6 --retry-if-output=busy --stop-on=6 || fail=1
try 6 1 'busy' 6 --retry-if-output=busy --retry-on=7 || fail=1
try 6 3 'busy' 6 --retry-if-output=busy --retry-on=6,7 || fail=1
# A success is a success: retry-if and stop-if are about failures.
try 6 1 'busy' 6 --retry-if-output=busy --success-on=6 || fail=1
try 0 1 'other' 0 --retry-if-output=busy || fail=1
try 0 1 'stop' 0 --stop-if-output=stop || fail=1

Exit "$fail"
