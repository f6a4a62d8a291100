#!/bin/sh
# SPDX-License-Identifier: ISC
# A retry started with & and brought back with fg before its attempt reads
# the terminal: the attempt, in a group of its own, stops on SIGTTIN when
# it reads; retry, now in the foreground, gives it the terminal and
# continues it. (retry used to take the terminal only when it started in
# the foreground: the attempt stayed stopped.)

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

tmux_start_

cat >attempt.sh <<'SH' || framework_failure_ "cannot write attempt.sh"
echo $$ >>pids
until test -e go; do sleep 0.05; done
read -r x
echo "got $x"
SH
type_ "'$RETRY' -a 1 -- sh attempt.sh & echo \$! >bgpid"
wait_lines_ 1 bgpid || fail_ "the shell did not start retry:" "$(screen_)"
wait_lines_ 1 pids || fail_ "the attempt did not start:" "$(screen_)"
retry_pid=$(cat bgpid)
bg_ "$retry_pid"

type_ 'fg; echo "status=$?" >st'
# The shell gave retry's group the terminal (field 8 of stat: tpgid).
i=0
until test "$(sed 's/.*) //' "/proc/$retry_pid/stat" | cut -d' ' -f6)" = \
	"$(pgid_of_ "$retry_pid")"; do
	i=$((i + 1))
	test $i -le 100 || fail_ "fg did not give retry the terminal:" "$(screen_)"
	sleep 0.05
done
: >go
types_hello_ "$retry_pid" || fail=1

Exit "$fail"
