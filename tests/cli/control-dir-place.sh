#!/bin/sh
# SPDX-License-Identifier: ISC
# Where RETRY_CONTROL is made: in the user's own directory for retry,
# retry-UID (0700, kept from run to run), in TMPDIR when it is set (and
# usable), else in memory, in XDG_RUNTIME_DIR or /dev/shm (a file made and
# removed each run costs no disk write there), else in /tmp; the file is
# removed when the run ends, wherever it was. A retry-UID that is not the
# user's own directory (a link, a file) is passed over for a directory of
# the run's own, removed at the end.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

mkdir -m 700 run tmp
uid=$(id -u)
# where_ ENV...: the base RETRY_CONTROL of an attempt run with ENV was
# made in, through retry-UID; its path is in where.
where_() {
	env "$@" "$RETRY" -a 1 sh -c 'echo "$RETRY_CONTROL"' >where 2>err ||
		note_ "retry with $*:" "$(cat err)" || return 1
	test ! -e "$(cat where)" ||
		note_ "$(cat where) is left after the run" || return 1
	dir=$(dirname "$(cat where)")
	test "$(basename "$dir")" = "retry-$uid" ||
		note_ "RETRY_CONTROL is $(cat where), not in retry-$uid" ||
		return 1
	dirname "$dir"
}

got=$(where_ TMPDIR="$PWD/tmp" XDG_RUNTIME_DIR="$PWD/run") || fail=1
test "$got" = "$PWD/tmp" || note_ "with TMPDIR set: in $got" || fail=1

got=$(where_ -u TMPDIR XDG_RUNTIME_DIR="$PWD/run") || fail=1
test "$got" = "$PWD/run" || note_ "with XDG_RUNTIME_DIR: in $got" || fail=1

# A TMPDIR that cannot be used is passed over.
got=$(where_ TMPDIR="$PWD/none" XDG_RUNTIME_DIR="$PWD/run") || fail=1
test "$got" = "$PWD/run" || note_ "with a missing TMPDIR: in $got" || fail=1

# So is one too long for a path (past PATH_MAX: the kernel's
# ENAMETOOLONG), and the directory's path is whole wherever it is made.
long=$(awk 'BEGIN { while (n++ < 520) printf "/dir-name" }')
got=$(where_ TMPDIR="$PWD$long" XDG_RUNTIME_DIR="$PWD/run") || fail=1
test "$got" = "$PWD/run" || note_ "with a TMPDIR too long: in $got" || fail=1
case $(cat where) in
"$PWD"/run/retry-"$uid"/????????????????????????????????) ;;
*) note_ "RETRY_CONTROL is $(cat where)" || fail=1 ;;
esac

# retry-UID is kept, 0700, and the next run's file has another name.
first=$(cat where)
got=$(where_ -u TMPDIR XDG_RUNTIME_DIR="$PWD/run") || fail=1
test "$(cat where)" != "$first" || note_ "two runs had $first" || fail=1
mode=$(ls -ld run/retry-"$uid" | cut -c1-10)
test "$mode" = drwx------ || note_ "retry-$uid is $mode" || fail=1
test "$(ls -A run/retry-"$uid")" = '' ||
	note_ "retry-$uid keeps" "$(ls -A run/retry-"$uid")" || fail=1

# One of the user's own, made under another mode, is made 0700 again.
chmod 755 run/retry-"$uid"
got=$(where_ -u TMPDIR XDG_RUNTIME_DIR="$PWD/run") || fail=1
mode=$(ls -ld run/retry-"$uid" | cut -c1-10)
test "$mode" = drwx------ || note_ "a 0755 retry-$uid stays $mode" || fail=1

# A link in its place is not followed, nor is a file used: the run makes
# a directory of its own beside it, and removes it.
mkdir -m 700 elsewhere
for what in link file; do
	rm -rf run/retry-"$uid"
	case $what in
	link) ln -s ../elsewhere run/retry-"$uid" ;;
	file) : >run/retry-"$uid" ;;
	esac
	env -u TMPDIR XDG_RUNTIME_DIR="$PWD/run" "$RETRY" -a 1 sh -c \
		'echo "$RETRY_CONTROL"' >where 2>err ||
		note_ "with retry-$uid a $what:" "$(cat err)" || fail=1
	case $(cat where) in
	"$PWD"/run/retry-control.??????/*) ;;
	*) note_ "with retry-$uid a $what: $(cat where)" || fail=1 ;;
	esac
	test "$(ls -A run)" = "retry-$uid" ||
		note_ "with retry-$uid a $what, left:" "$(ls -A run)" || fail=1
	test "$(ls -A elsewhere)" = '' ||
		note_ "the link was followed:" "$(ls -A elsewhere)" || fail=1
done
rm -f run/retry-"$uid"

want=/tmp
if test -d /dev/shm && test -w /dev/shm; then want=/dev/shm; fi
got=$(where_ -u TMPDIR -u XDG_RUNTIME_DIR) || fail=1
test "$got" = "$want" || note_ "with neither: in $got, not $want" || fail=1

Exit "$fail"
