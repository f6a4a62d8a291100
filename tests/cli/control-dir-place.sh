#!/bin/sh
# SPDX-License-Identifier: ISC
# Where RETRY_CONTROL's directory is made: in TMPDIR when it is set (and
# usable), else in memory, in XDG_RUNTIME_DIR or /dev/shm (a file made and
# removed each run costs no disk write there), else in /tmp; removed when
# the run ends, wherever it was.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

mkdir -m 700 run tmp
# where_ ENV...: the directory of RETRY_CONTROL of an attempt run with ENV.
where_() {
	env "$@" "$RETRY" -a 1 sh -c 'dirname "$RETRY_CONTROL"' >where 2>err ||
		note_ "retry with $*:" "$(cat err)" || return 1
	test ! -e "$(cat where)" ||
		note_ "$(cat where) is left after the run" || return 1
	dirname "$(cat where)"
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
base=$(cat where)
case $base in
"$PWD"/run/retry-control.??????) ;;
*) note_ "RETRY_CONTROL's directory is $base" || fail=1 ;;
esac

want=/tmp
if test -d /dev/shm && test -w /dev/shm; then want=/dev/shm; fi
got=$(where_ -u TMPDIR -u XDG_RUNTIME_DIR) || fail=1
test "$got" = "$want" || note_ "with neither: in $got, not $want" || fail=1

Exit "$fail"
