#!/bin/sh
# SPDX-License-Identifier: ISC
# An attempt that reads the terminal at once can stop on SIGTTIN before
# retry has given it the terminal, and retry may see that stop only after
# it has: the attempt then goes on with the terminal, and retry does not
# stop its job.  The attempt stands for that race by sending itself SIGTTIN
# once it is in the foreground.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

tmux_start_

cat >attempt.sh <<'SH' || framework_failure_ "cannot write attempt.sh"
echo $$ >>pids
i=0
# After the command's name in /proc/PID/stat: state ppid pgrp session tty
# tpgid: in the foreground, pgrp is tpgid.
until set -- $(sed 's/.*) //' /proc/$$/stat) && test "$3" = "$6"; do
	i=$((i + 1))
	test $i -le 100 || exit 3
	sleep 0.05
done
echo "foreground" >fg
kill -s TTIN $$
echo "went on" >cont
read -r line
echo "got:$line"
SH
type_ "sh -c 'echo \$\$ >>pids; exec \"\$@\"' sh '$RETRY' -a 1 \
sh attempt.sh; echo \"status=\$?\" >st"
i=0
until test -s fg; do
	i=$((i + 1))
	test $i -le 200 || fail_ "the attempt never had the terminal:" \
		"$(screen_)"
	sleep 0.05
done
# Continued after its SIGTTIN: retry did not stop its job instead.
poll_ 'test -s cont' || fail_ "the attempt was not continued:" "$(screen_)"
screen_ | grep -F Stopped >/dev/null &&
	fail_ "retry stopped its job:" "$(screen_)"
type_ hello
i=0
until test -s st; do
	i=$((i + 1))
	test $i -le 100 || fail_ "retry did not end:" "$(screen_)"
	sleep 0.05
done
screen_ | grep -F got:hello >/dev/null ||
	note_ "the attempt did not read 'hello':" "$(screen_)" || fail=1
test "$(cat st)" = status=0 || note_ "retry's status:" "$(cat st)" || fail=1

Exit "$fail"
