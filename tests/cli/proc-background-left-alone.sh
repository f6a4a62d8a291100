#!/bin/sh
# SPDX-License-Identifier: ISC
# What an attempt leaves running after it exits on its own is left alone, and
# retry does not wait for it, nor for the pipe it holds open.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

for opts in '-a 1' '-a 1 -t 10s' '-a 2 --delay=0 --success-on=9'; do
	m=$(marker_)
	rm -f took
	# Retry's stdout is a pipe that the background sleep keeps open.
	{
		# shellcheck disable=SC2086 # $opts is several words on purpose
		timed_ 0 "$RETRY" $opts \
			sh -c 'sleep "$1" & echo $! >>pids; echo started' sh "$m" \
			2>err
		echo "$? $ms" >took
	} | cat >/dev/null &
	bg_ $!
	wait_lines_ 1 took || framework_failure_ "retry $opts did not return"
	read -r st ms <took
	test "$st" = 0 || fail=1
	test "$ms" -lt 3000 ||
		note_ "retry $opts took ${ms}ms: it waited for the background job" ||
		fail=1
	test -n "$(live_ -f "sleep $m")" ||
		note_ "retry $opts: the attempt's background job was killed" ||
		fail=1
done

Exit "$fail"
