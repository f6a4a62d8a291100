#!/bin/sh
# SPDX-License-Identifier: ISC
# A FILE whose first byte is NUL (a binary file, not retry's metrics, not
# empty) is refused before the run like any other foreign file: 125, the
# command not run, FILE untouched.  The check at the start must not take
# it for an empty file because it reads it as a C string.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

for bytes in '\000\377\n' '\000# HELP retry_runs_total x\n' '\n\000abc'; do
	# shellcheck disable=SC2059 # the bytes are the format
	printf "$bytes" >m
	cp m m.orig
	refused_ --metrics=m touch ran ||
		note_ "a FILE of '$bytes' was not refused at the start" || fail=1
	mentions_ "the file holds something other than retry's metrics" || fail=1
	cmp -s m m.orig || note_ "'$bytes': the file changed" || fail=1
done

Exit "$fail"
