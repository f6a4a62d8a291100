#!/bin/sh
# SPDX-License-Identifier: ISC
# --stdout=stream (the default) leaves stdout and stderr alone: the attempt
# writes to retry's own descriptors, files or pipes, not through retry.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

for mode in default --stdout=stream; do
	set --
	test "$mode" = default || set -- "$mode"
	returns_ 0 "$RETRY" "$@" -a 1 sh -c 'readlink /proc/self/fd/1
		readlink /proc/self/fd/2 >&3' >out 2>err 3>fd2 || fail=1
	test "$(cat out)" = "$PWD/out" || note_ "$mode: stdout is" \
		"$(head -c 500 out)" || fail=1
	test "$(cat fd2)" = "$PWD/err" || note_ "$mode: stderr is" \
		"$(cat fd2)" || fail=1

	"$RETRY" "$@" -a 1 sh -c 'readlink /proc/self/fd/1' 2>err | {
		readlink /proc/self/fd/0 >want
		cat >have
	}
	cmp -s want have || note_ "$mode: the attempt writes to" \
		"$(cat have), not to $(cat want)" || fail=1
done

Exit "$fail"
