#!/bin/sh
# SPDX-License-Identifier: ISC
# A retry started with & whose attempt reads the terminal stops as a shell
# job does (the shell keeps its terminal and lists the job as stopped);
# fg then gives the terminal to the attempt, which reads what is typed.
# (retry used to take the terminal only when it started in the
# foreground: the attempt stopped on SIGTTIN, unseen, and stayed stopped
# after fg.)

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

tmux_start_

type_ "'$RETRY' -a 1 -- sh -c 'echo \$\$ >>pids; read x; echo \"got \$x\"' & echo \$! >bgpid"
wait_lines_ 1 bgpid || fail_ "the shell did not start retry:" "$(screen_)"
wait_lines_ 1 pids || fail_ "the attempt did not start:" "$(screen_)"
retry_pid=$(cat bgpid)
bg_ "$retry_pid"

# retry stops, as the attempt did: the shell sees its job stop.
wait_stopped_ "$retry_pid"
type_ 'jobs >jobs.out'
wait_lines_ 1 jobs.out || fail_ "jobs did not run:" "$(screen_)"
grep 'Stopped.*retry' jobs.out >/dev/null ||
	note_ "the job is not stopped:" "$(cat jobs.out)" \
		"$(ps -o pid=,stat=,args= -p "$retry_pid,$(cat pids)")" || fail=1

# The shell still has its terminal, and reads what is typed.
type_ 'echo alive >alive'
wait_lines_ 1 alive ||
	note_ "the shell no longer reads its terminal:" "$(screen_)" || fail=1

type_ 'fg; echo "status=$?" >st'
types_hello_ "$retry_pid" || fail=1

Exit "$fail"
