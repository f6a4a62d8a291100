#!/bin/sh
# SPDX-License-Identifier: ISC
# Without a condition on output, retry does not touch the output: the
# attempt's stdout and stderr are retry's own (hooks alone change nothing).
# With a condition, they are pipes to retry instead.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

# shellcheck disable=SC2016 # expanded by the attempt's shell
fds='readlink /proc/self/fd/1; readlink /proc/self/fd/2 >&3'
test -e /proc/self/fd/1 || skip_ "no /proc/self/fd"

for opts in '-a 1' '-a 1 --on-retry=true --on-give-up=true'; do
	# shellcheck disable=SC2086 # one word per option
	set -- $opts
	# Files.
	returns_ 0 "$RETRY" "$@" sh -c "$fds" >out 2>err 3>fd2 || fail=1
	test "$(cat out)" = "$PWD/out" ||
		note_ "$opts: stdout is" "$(cat out)" || fail=1
	test "$(cat fd2)" = "$PWD/err" ||
		note_ "$opts: stderr is" "$(cat fd2)" || fail=1

	# Pipes: the same pipe as the caller's, not one of retry's.
	"$RETRY" "$@" sh -c "$fds" 3>fd2 2>&1 | {
		readlink /proc/self/fd/0 >want
		cat >have
	}
	test "$(cat have)" = "$(cat want)" ||
		note_ "$opts: stdout is $(cat have), not $(cat want)" ||
		fail=1
	test "$(cat fd2)" = "$(cat want)" ||
		note_ "$opts: stderr is $(cat fd2), not $(cat want)" ||
		fail=1
done

# With a condition: not the file, a pipe of retry's.
returns_ 0 "$RETRY" -a 1 --retry-if-output=x sh -c "$fds" >out 2>err \
	3>fd2 || fail=1
case $(cat out) in
pipe:*) ;;
*) note_ "with a condition, stdout is" "$(cat out)"; fail=1 ;;
esac
case $(cat fd2) in
pipe:*) ;;
*) note_ "with a condition, stderr is" "$(cat fd2)"; fail=1 ;;
esac

Exit "$fail"
