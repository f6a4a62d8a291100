#!/bin/sh
# SPDX-License-Identifier: ISC
# The spools' temporary files (stdin replayed and stdout held, 3 MiB each:
# past the memory bound) are made in $TMPDIR and unlinked at once: the
# directory stays empty during the run, after it, and after a SIGKILL.
# (RETRY_CONTROL's directory, retry-UID, is named on purpose: the
# attempts must reach it, and it is kept from run to run. It is not a
# spool's, and is left out here.)

# shellcheck disable=SC2002 # `cat file |` on purpose: a pipe, not a file

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

command -v timeout >/dev/null || skip_ "timeout(1) is not available"
test -d /proc/self/fd || skip_ "no /proc/self/fd"
head -c 3M /dev/urandom >in || framework_failure_ "cannot make the input"
mkdir tmp || framework_failure_ "cannot make tmp"
T=$PWD/tmp
# What is in $T but RETRY_CONTROL's directory.
# shellcheck disable=SC2010 # names made by mkstemp and mkdir: no blanks
spooled() {
	ls -A "$T" | grep -v "^retry-$(id -u)\$"
}

# Whatever is left running at the end is killed: retry, and the attempt's
# process group (its pid).
retry_pid=
trap 'test -n "$retry_pid" && kill -s KILL "$retry_pid" 2>/dev/null
	test -s pgid && kill -s KILL -- "-$(cat pgid)" 2>/dev/null
	cd / && rm -rf "$test_dir_"' EXIT

# Each attempt copies stdin to stdout, gives retry time (up to 10 s) to
# have both spools' files open, then lists $TMPDIR and retry's (its
# parent's) open files.
cat in | returns_ 1 env TMPDIR="$T" timeout -k 5 60 "$RETRY" -a 2 \
	--delay=0 -q --stdout=hold sh -c 'cat; i=0
	while test "$(ls -l /proc/$PPID/fd | grep -c "$TMPDIR/")" -lt 2 &&
		test $i -lt 100; do sleep 0.1; i=$((i + 1)); done
	ls -A "$TMPDIR" | grep -v "^retry-$(id -u)\$" >during.$RETRY_ATTEMPT
	ls -l /proc/$PPID/fd >fds.$RETRY_ATTEMPT; exit 1' >out 2>err || fail=1
for n in 1 2; do
	test -f during.$n || { note_ "attempt $n did not run"; fail=1; }
	expect_empty during.$n || fail=1
	# Both spools have a file, deleted, in $TMPDIR.
	c=$(grep -c "$T/.*(deleted)" fds.$n)
	test "$c" -ge 2 || note_ "attempt $n: retry has $c deleted file(s) in" \
		"\$TMPDIR open, not 2:" "$(cat fds.$n)" || fail=1
done
test "$(spooled)" = '' || note_ "left in \$TMPDIR:" "$(spooled)" ||
	fail=1
cat in in >exp
cmp -s exp err || note_ "the held output is wrong:" "$(cmp exp err 2>&1)" ||
	fail=1

# SIGKILL while the spools have files: nothing is left either.
cat in | TMPDIR=$T "$RETRY" -a 1 --stdout=hold \
	sh -c 'cat; echo $$ >pgid; exec sleep 30' >out 2>err &
retry_pid=$!
i=0
until test -s pgid; do
	i=$((i + 1))
	test $i -le 100 || fail_ "the attempt did not start"
	sleep 0.1
done
i=0
# shellcheck disable=SC2010 # the links' targets, not file names, are read
while test "$(ls -l "/proc/$retry_pid/fd" | grep -c "$T/")" -lt 2 &&
	test $i -lt 100; do
	sleep 0.1
	i=$((i + 1))
done
ls -l "/proc/$retry_pid/fd" >fds
c=$(grep -c "$T/.*(deleted)" fds)
test "$c" -ge 2 || note_ "retry has $c deleted file(s) in \$TMPDIR open," \
	"not 2:" "$(cat fds)" || fail=1
test "$(spooled)" = '' || note_ "in \$TMPDIR during the run:" \
	"$(spooled)" || fail=1
kill -s KILL "$retry_pid"
wait "$retry_pid" 2>/dev/null
retry_pid=
kill -s KILL -- "-$(cat pgid)" 2>/dev/null
test "$(spooled)" = '' || note_ "left in \$TMPDIR after SIGKILL:" \
	"$(spooled)" || fail=1

Exit "$fail"
