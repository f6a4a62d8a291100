#!/bin/sh
# SPDX-License-Identifier: ISC
# An attempt that puts a directory with things in it where its
# RETRY_CONTROL was: the next attempt still gets a fresh, empty file
# there, and what it writes to it is obeyed. The directory, in retry's own
# directory, is removed whole (retry says only that it did not read it);
# a link in it is removed, not followed. One too deep to remove in a moment is moved
# aside, said, and RETRY_CONTROL works as well.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

uid=$(id -u)
mkdir -m 700 tmp outside || framework_failure_ "cannot make the directories"
echo precious >outside/keep || framework_failure_ "cannot write outside/keep"

# Attempt 1 plants the tree ($1 levels of directories) with a file and a
# link to ./outside at each level; attempt 2 says what it finds and writes
# stop; a third would only record its run.
cat >plant.sh <<'EOF' || framework_failure_ "cannot write plant.sh"
echo run >>runs
case $RETRY_ATTEMPT in
1)
	rm -f "$RETRY_CONTROL" || exit 99
	d=$RETRY_CONTROL
	i=0
	while [ $i -lt "$1" ]; do
		mkdir "$d" && echo x >"$d/file" && ln -s "$OUTSIDE" "$d/link" ||
			exit 99
		d=$d/sub
		i=$((i + 1))
	done
	;;
2)
	if [ -f "$RETRY_CONTROL" ] && [ ! -s "$RETRY_CONTROL" ]; then
		echo fresh >seen
	else
		echo "not fresh: $(ls -ld "$RETRY_CONTROL" 2>&1)" >seen
	fi
	echo stop >"$RETRY_CONTROL"
	;;
esac
exit 1
EOF

# A tree of 3 levels: removed whole, silently.
returns_ 1 env TMPDIR="$PWD/tmp" OUTSIDE="$PWD/outside" timeout 20 \
	"$RETRY" -a 5 --delay=0 sh plant.sh 3 2>err || fail=1
expect_runs 2 || fail=1
test "$(cat seen)" = fresh || note_ "attempt 2 found:" "$(cat seen)" || fail=1
grep -q 'asked to stop' err || note_ "stop not obeyed:" "$(cat err)" || fail=1
# Said once: what attempt 1 left is not read (a directory), no more.
grep "RETRY_CONTROL:" err >notices
test "$(cat notices)" = 'retry: RETRY_CONTROL: ignored: a directory, not a regular file' ||
	note_ "the notices:" "$(cat err)" || fail=1
test "$(ls -A tmp/retry-"$uid")" = '' ||
	note_ "left in retry-$uid:" "$(ls -AR tmp/retry-"$uid")" || fail=1
test "$(cat outside/keep)" = precious && test "$(ls -A outside)" = keep ||
	note_ "the link was followed:" "$(ls -A outside)" || fail=1

# A tree of 12 levels, deeper than retry goes: moved aside, with a notice,
# and RETRY_CONTROL still made.
rm -f runs seen
returns_ 1 env TMPDIR="$PWD/tmp" OUTSIDE="$PWD/outside" timeout 20 \
	"$RETRY" -a 5 --delay=0 sh plant.sh 12 2>err || fail=1
expect_runs 2 || fail=1
test "$(cat seen)" = fresh || note_ "deep: attempt 2 found:" "$(cat seen)" ||
	fail=1
grep -q "RETRY_CONTROL: a directory in its place moved to .*/retry-$uid/.*\.bad-" \
	err || note_ "deep: no notice of the move:" "$(cat err)" || fail=1
test "$(ls -A outside)" = keep || note_ "deep: outside changed" || fail=1

Exit "$fail"
