#!/bin/sh
# SPDX-License-Identifier: ISC
# FILE is replaced whole, by a rename, never rewritten in place: so that a
# collector reading it never sees half a file.  Each run gives FILE a new
# inode (a hard link to the old one keeps the old contents), leaves no
# FILE.*.tmp behind, and leaves FILE.lock beside FILE (by design); a reader
# looping over FILE while runs replace it always reads every family.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-ci.sh
. "$TESTS_DIR/lib-ci.sh"

returns_ 0 "$RETRY" --metrics=m true || fail=1
ino1=$(stat -c %i m)
ln m old || framework_failure_ "cannot link"
cp m copy
returns_ 0 "$RETRY" --metrics=m true || fail=1
ino2=$(stat -c %i m)
test "$ino1" != "$ino2" || note_ "FILE kept its inode $ino1" || fail=1
cmp -s old copy || note_ "the old FILE was written in place:" "$(cat old)" ||
	fail=1
expect_metric_ retry_runs_total true 2 || fail=1
test -f m.lock || note_ "no m.lock beside m" || fail=1
ls -a >files
grep -v -x -e . -e .. -e m -e m.lock -e old -e copy -e files -e flaky.sh \
	-e stamp.sh -e say.sh files >bad
expect_empty bad || fail=1

# A reader while runs replace FILE: each read has the eight families.
(
	i=0
	while test $i -lt 30; do
		"$RETRY" --metrics=m -a 2 -d 0 false 2>/dev/null
		i=$((i + 1))
	done
	: >finished
) &
writer=$!
reads=0
while ! test -e finished; do
	reads=$((reads + 1))
	n=$(grep -c '^# HELP retry_' m)
	test "$n" -eq 8 || { note_ "a read saw $n families"; fail=1; break; }
done
wait "$writer"
test "$reads" -gt 0 || framework_failure_ "no read while the runs went on"
expect_metric_ retry_runs_total false 30 || fail=1
find . -name '*.tmp' >bad
expect_empty bad || fail=1

Exit "$fail"
