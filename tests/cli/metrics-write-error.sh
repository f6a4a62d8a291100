#!/bin/sh
# SPDX-License-Identifier: ISC
# When FILE cannot be written at the end (here FILE was replaced by a
# directory during the run; not as root, the directory is also made
# read-only), retry says "retry: cannot write the metrics to FILE: ..."
# and still exits with the command's status: the metrics never change the
# run's outcome.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

# FILE becomes a directory while the command runs.
for st in 0 3; do
	rm -rf m
	returns_ 0 "$RETRY" --metrics=m true || fail=1
	returns_ "$st" "$RETRY" --metrics=m -a 1 \
		sh -c 'rm -f m && mkdir m && exit "$1"' sh "$st" 2>err || fail=1
	grep -q '^retry: cannot write the metrics to m: ' err ||
		note_ "status $st: no message:" "$(cat err)" || fail=1
	test -d m || note_ "status $st: the directory went" || fail=1
	find . -name '*.tmp' >bad
	expect_empty bad || fail=1
done

# The directory made read-only while the command runs (permissions do
# not stop root).
if test "$(id -u)" -ne 0; then
	mkdir dir
	returns_ 0 "$RETRY" --metrics=dir/m true || fail=1
	cp dir/m m.orig
	returns_ 4 "$RETRY" --metrics=dir/m -a 1 \
		sh -c 'chmod a-w dir && exit 4' 2>err || fail=1
	chmod u+w dir
	grep -q '^retry: cannot write the metrics to dir/m: ' err ||
		note_ "read-only: no message:" "$(cat err)" || fail=1
	cmp -s dir/m m.orig || note_ "read-only: FILE changed" || fail=1
fi

Exit "$fail"
