#!/bin/sh
# SPDX-License-Identifier: ISC
# --uncounted=LIST: without --deadline or --budget it would retry for
# ever, a usage error (125); so is an http: element without --http, and a
# bad element, named with the option and the value.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

usage_error_ --uncounted=75 touch ran || fail=1
mentions_ --uncounted --deadline --budget || fail=1
usage_error_ --uncounted=75 -a 3 touch ran || fail=1
usage_error_ --uncounted=http:503 -D 1s touch ran || fail=1
mentions_ --uncounted --http || fail=1
for v in 256 x http:200 http: http:abc 75, -1 ''; do
	usage_error_ "--uncounted=$v" -D 1s --http touch ran || fail=1
	if test -n "$v"; then
		mentions_ --uncounted "'$v'" || fail=1
	else
		mentions_ --uncounted || fail=1
	fi
done
usage_error_ --uncounted -- touch ran || fail=1
mentions_ --uncounted || fail=1

# Bounded, it runs.
returns_ 0 "$RETRY" --uncounted=75 -D 10s true || fail=1
returns_ 0 "$RETRY" --http --uncounted=75,http:503 -D 10s true || fail=1
returns_ 0 "$RETRY" --uncounted=75 --budget=b --store="file:$PWD/store" \
	true || fail=1

Exit "$fail"
