# SPDX-License-Identifier: ISC
# shellcheck shell=sh
# Helpers for the tests of process and signal supervision (sig-*, timeout-*,
# deadline-*, proc-*, tty-*), sourced after lib.sh.
#
# Nothing a test starts may outlive it.  An attempt records its pid in ./pids
# (`echo $$ >>pids`), a test records what it starts in the background with
# `bg_ PID` and registers other clean-up with `at_exit_ COMMAND`; at exit
# every recorded process and its process group get SIGKILL, and so does any
# `sleep $(marker_)` still running.
#
# ./drive.py runs a command with a known signal state, signals it and reports
# how it ended: whether retry died of a signal or exited 128+N is visible only
# in the wait status.  Background jobs of a non-interactive shell start with
# SIGINT and SIGQUIT ignored, and `make` may run the tests with more ignored,
# so every test that signals retry or traps a signal in an attempt goes
# through it.

require_python3_
# The interpreter itself, not a wrapper that finds it, and no site packages:
# each start is then quick.
python_=$(python3 -c 'import sys; print(sys.executable)') ||
	framework_failure_ "cannot find python3's executable"

: >pids || framework_failure_ "cannot write pids"
: >markers || framework_failure_ "cannot write markers"
bg_pids_=
exit_cmds_=

# bg_ PID: kill PID and its group when the test exits.
bg_() { bg_pids_="$bg_pids_ $1"; }

# types_hello_ PID: type "hello" to the attempt that a job (retry, PID)
# brought back with fg reads, once it has the terminal (its pid the last
# of ./pids); it must print "got hello", and the job end with status 0 in
# ./st ("status=N", written by the shell).
types_hello_() {
	poll_ 'has_tty_ "$(tail -n 1 pids)"' ||
		note_ "the attempt never had the terminal:" "$(screen_)" ||
		return 1
	type_ hello
	wait_lines_ 1 st || fail_ "retry did not end after fg:" "$(screen_)" \
		"$(ps -o pid=,stat=,args= -p "$1,$(cat pids)")"
	screen_ | grep '^got hello$' >/dev/null ||
		note_ "the attempt did not read its line:" "$(screen_)" || return 1
	test "$(cat st)" = status=0 || note_ "after fg:" "$(cat st)"
}

# wait_stopped_ PID: wait (5 s at most) until PID is stopped (ps: T).
wait_stopped_() {
	poll_ "case \$(ps -o stat= -p $1) in T*) true ;; *) false ;; esac" 5
}

# at_exit_ COMMAND: run COMMAND when the test exits.
at_exit_() {
	exit_cmds_="$exit_cmds_
$1"
}

# Kill whatever the test started and is still there.
kill_left_() {
	eval "$exit_cmds_"
	while read -r m_; do
		pgrep -f "sleep $m_"
	done <markers >>pids
	for p_ in $bg_pids_ $(cat pids 2>/dev/null); do
		case $p_ in
		'' | *[!0-9]* | 0 | 1) continue ;;
		esac
		kill -s KILL -- "-$p_" 2>/dev/null
		kill -s KILL "$p_" 2>/dev/null
	done
}

# A retry that hangs would hold `make check` up for good.  After 60 s the
# watchdog kills whatever the test is waiting for, again and again until the
# test ends, and the test fails.  It is not the test's child, so that it does
# not kill itself.  A test of many runs sets watchdog_s_ before it sources
# this file (docs-readme-commands: every README command, 30 s alone).
watchdog_s_=${watchdog_s_:-60}
watchdog_() {
	sleep "$watchdog_s_"
	: >watchdog.fired
	while kill -0 "$1" 2>/dev/null; do
		pkill -KILL -P "$1"
		sleep 0.5
	done
}
(watchdog_ $$ </dev/null >/dev/null 2>&1 9>&- & echo $! >watchdog.pid)
watchdog_pid_=$(cat watchdog.pid)

# Stop the watchdog; fail the test if it fired.
watchdog_stop_() {
	wd_kids_=$(pgrep -P "$watchdog_pid_")
	# shellcheck disable=SC2086 # one word per pid
	kill -s KILL "$watchdog_pid_" $wd_kids_ 2>/dev/null
	test ! -e watchdog.fired ||
		note_ "the test took more than $watchdog_s_ s: its commands were killed"
}

# lib.sh's own clean-up, which this trap replaces, removes the test directory.
# shellcheck disable=SC2154 # test_dir_ is set by lib.sh
trap 'st_=$?; watchdog_stop_ || st_=1; kill_left_; cd / && rm -rf "$test_dir_"
exit $st_' EXIT

drive_py_=$PWD/drive.py
cat >"$drive_py_" <<'PYEOF' || framework_failure_ "cannot write drive.py"
"""Run COMMAND with a known signal state, send it signals, report its end.

drive.py [-x] [-i SIG]... [-b SIG]... [-c] [-o FILE] [-l SECS]
         [-w FILE | -a | -z | -u CMD | -s SECS | -k SIG]... -- COMMAND [ARG]...

COMMAND starts with every signal at its default action and none blocked,
except those named by -i (ignored) and -b (blocked); core dumps are off
unless -c.  With -x, drive.py becomes COMMAND.  Otherwise COMMAND runs in a
process group of its own while drive.py carries out its steps in order:
wait until FILE exists and is not empty (-w); until COMMAND sleeps in a
poll with no signal pending (-a: asleep_ in lib.sh); until it does so with
no child (-z: idle_); until `sh -c CMD sh PID`, PID COMMAND's, succeeds,
its output dropped (-u); sleep (-s); send SIG to COMMAND (-k).  Then it
waits for COMMAND to end and writes to FILE (-o, ./drive.out) one line:
"exit STATUS MS" or "signal NAME MS", MS the time from the last -k (or
the start) to the end, then "early" if COMMAND ended before every step
was done, "stuck" if a wait went on until SECS were up, and "core" if it
dumped core; or "hung MS" if it was still running after SECS (-l, 10),
when drive.py kills it.
"""
import os, resource, signal, subprocess, sys, time

def signum(name):
    if name.isdigit():
        return int(name)
    name = name.upper()
    return int(getattr(signal, name if name.startswith("SIG") else "SIG" + name))

def child_state(ignored, blocked, core):
    for s in signal.valid_signals():
        if s in (signal.SIGKILL, signal.SIGSTOP):
            continue
        try:
            signal.signal(s, signal.SIG_IGN if s in ignored else signal.SIG_DFL)
        except (OSError, ValueError):
            pass
    signal.pthread_sigmask(signal.SIG_SETMASK, blocked)
    hard = resource.getrlimit(resource.RLIMIT_CORE)[1]
    resource.setrlimit(resource.RLIMIT_CORE, (hard if core else 0, hard))

def wchan_named():
    """Whether the kernel names a sleeper's wait: asked of the shell that
    runs drive.py, which waits for it."""
    try:
        with open("/proc/%d/wchan" % os.getppid()) as f:
            return f.read().strip() not in ("", "0")
    except OSError:
        return False

def asleep(pid, named):
    """PID sleeps in a poll, with no signal pending (asleep_ in lib.sh)."""
    try:
        if named:
            with open("/proc/%d/wchan" % pid) as f:
                w = f.read()
            if "poll" not in w and "select" not in w:
                return False
        else:
            with open("/proc/%d/stat" % pid) as f:
                if f.read().rsplit(")", 1)[1].split()[0] != "S":
                    return False
        with open("/proc/%d/status" % pid) as f:
            for line in f:
                k, _, v = line.partition(":")
                if k in ("SigPnd", "ShdPnd") and int(v, 16) != 0:
                    return False
    except (OSError, IndexError, ValueError):
        return False
    return True

def childless(pid):
    """PID has no child, not even a zombie."""
    try:
        with open("/proc/%d/task/%d/children" % (pid, pid)) as f:
            return f.read().strip() == ""
    except OSError:
        pass
    for d in os.listdir("/proc"):
        try:
            with open("/proc/%s/stat" % d) as f:
                if int(f.read().rsplit(")", 1)[1].split()[1]) == pid:
                    return False
        except (OSError, IndexError, ValueError):
            continue
    return True

def main(argv):
    ignored, blocked, steps = set(), set(), []
    core, exec_mode, out, limit = False, False, "drive.out", 10.0
    i = 0
    while argv[i] != "--":
        opt = argv[i]
        if opt == "-x":
            exec_mode = True
        elif opt in ("-a", "-z"):
            steps.append((opt, None))
        elif opt == "-c":
            core = True
        else:
            i += 1
            arg = argv[i]
            if opt == "-i":
                ignored.add(signum(arg))
            elif opt == "-b":
                blocked.add(signum(arg))
            elif opt == "-o":
                out = arg
            elif opt == "-l":
                limit = float(arg)
            elif opt in ("-w", "-u", "-s", "-k"):
                steps.append((opt, arg))
            else:
                sys.exit("drive.py: bad option " + opt)
        i += 1
    cmd = argv[i + 1:]
    if exec_mode:
        child_state(ignored, blocked, core)
        os.execvp(cmd[0], cmd)
    t0 = time.monotonic()
    pid = os.fork()
    if pid == 0:
        try:
            os.setpgid(0, 0)
            child_state(ignored, blocked, core)
            os.execvp(cmd[0], cmd)
        finally:
            os._exit(127)
    status, early = None, False
    end = t0 + limit

    def poll():
        nonlocal status
        if status is None:
            p, st = os.waitpid(pid, os.WNOHANG)
            if p == pid:
                status = st
        return status is not None

    named = wchan_named()
    conds = {
        "-w": lambda a: os.path.exists(a) and os.path.getsize(a) > 0,
        "-a": lambda a: asleep(pid, named),
        "-z": lambda a: asleep(pid, named) and childless(pid),
        "-u": lambda a: subprocess.call(["sh", "-c", a, "sh", str(pid)],
                                        stdout=subprocess.DEVNULL,
                                        stderr=subprocess.DEVNULL) == 0,
    }
    mark, stuck = t0, False
    for opt, arg in steps:
        if poll():
            early = True
            break
        if opt in conds:
            while not conds[opt](arg):
                if poll():
                    break
                if time.monotonic() > end:
                    stuck = True
                    break
                time.sleep(0.01)
        elif opt == "-s":
            stop = time.monotonic() + float(arg)
            while time.monotonic() < stop and not poll():
                time.sleep(0.01)
        elif opt == "-k":
            mark = time.monotonic()
            os.kill(pid, signum(arg))
    while not poll() and time.monotonic() < end:
        time.sleep(0.005)
    ms = int((time.monotonic() - mark) * 1000)
    if status is None:
        os.killpg(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        report = "hung %d" % ms
    elif os.WIFSIGNALED(status):
        name = signal.Signals(os.WTERMSIG(status)).name[3:]
        report = "signal %s %d" % (name, ms)
        if os.WCOREDUMP(status):
            report += " core"
    else:
        report = "exit %d %d" % (os.WEXITSTATUS(status), ms)
    if early:
        report += " early"
    if stuck:
        report += " stuck"
    with open(out, "w") as f:
        f.write(report + "\n")

main(sys.argv[1:])
PYEOF

# drive_ ARG...: python3 drive.py ARG... (see its synopsis); its report is
# left in $how (exit, signal or hung), $num (the status or the signal's name,
# as TERM), $ms and $notes ("early", "stuck", "core" or nothing).
drive_() {
	rm -f drive.out
	"$python_" -I -S "$drive_py_" -o drive.out "$@"
	read -r how num ms notes <drive.out ||
		framework_failure_ "drive.py left no report"
	case $how in
	hung)
		ms=$num
		num=
		;;
	esac
}

# dfl_ [-i SIG]... [-b SIG]... -- COMMAND...: run COMMAND with every signal
# at its default action and none blocked, bar those ignored (-i) or
# blocked (-b).
dfl_() {
	"$python_" -I -S "$drive_py_" -x "$@"
}

# expect_death_ SIG: the driven command died of SIG, after every step.
expect_death_() {
	test "$how $num" = "signal $1" && test -z "$notes" && return 0
	note_ "expected retry to die of SIG$1, got: $how $num ${ms}ms $notes"
}

# expect_gone_ PID...: none of these processes is left (a zombie would be).
expect_gone_() {
	for p_ in "$@"; do
		kill -0 "$p_" 2>/dev/null || continue
		note_ "process $p_ is still there:" \
			"$(ps -o pid=,stat=,args= -p "$p_")"
		return 1
	done
}

# pgid_of_ PID: the process group of PID.
pgid_of_() {
	sed 's/.*) //' "/proc/$1/stat" | cut -d' ' -f3
}

# ppid_of_ PID: the parent of PID.
ppid_of_() {
	sed 's/.*) //' "/proc/$1/stat" | cut -d' ' -f2
}

# gone_ PID: PID has ended (a zombie has).
gone_() {
	case $(sed 's/.*) //' "/proc/$1/stat" 2>/dev/null) in
	'' | Z*) return 0 ;;
	esac
	return 1
}

# has_tty_ PID: PID's process group has its terminal: after the name in
# /proc/PID/stat come state, ppid, pgrp, session, tty and tpgid, the
# terminal's foreground group.
has_tty_() {
	# shellcheck disable=SC2046 # the fields, one word each
	set -- $(sed 's/.*) //' "/proc/$1/stat" 2>/dev/null)
	test -n "${6-}" && test "$3" = "$6"
}

# live_ PGREP-ARG...: the pids that `pgrep PGREP-ARG...` finds, zombies
# left out.  Once retry is gone, its attempts' zombies are for init to reap,
# which a loaded machine may take a while to do.
live_() {
	for p_ in $(pgrep "$@"); do
		case $(sed 's/.*) //' "/proc/$p_/stat" 2>/dev/null) in
		'' | Z*) ;;
		*) echo "$p_" ;;
		esac
	done
}

# gone_within_ PGREP-ARG...: `pgrep PGREP-ARG...` finds nothing but zombies,
# at the latest 1.5 s from now; what it still finds then is reported and
# killed.
gone_within_() {
	i_=0
	while test -n "$(live_ "$@")"; do
		i_=$((i_ + 1))
		if test $i_ -gt 15; then
			note_ "still running:" "$(pgrep -a "$@")"
			for p_ in $(live_ "$@"); do
				kill -s KILL "$p_" 2>/dev/null
			done
			return 1
		fi
		sleep 0.1
	done
}

# marker_: a number that no other process has on its command line, for
# `sleep $(marker_)`.
marker_() {
	echo "$((86400 + $$)).$(date +%N)" | tee -a markers
}

# thrice_ FUNCTION [ARG]...: a timing check; run FUNCTION until it returns 0,
# at most 3 times (the machine may be loaded), and report only the last try.
thrice_() {
	for _ in 1 2 3; do
		"$@" 9>try.log && return 0
	done
	cat try.log >&9
	return 1
}

# wait_lines_ N FILE: wait until FILE has at least N lines, 10 s at most.
wait_lines_() { poll_ "test \"\$(nlines '$2')\" -ge $1" 10; }

# tmux_start_: start an interactive bash in a terminal of its own (a tmux
# server of the test's own), in the test directory; skip without tmux.
tmux_start_() {
	command -v tmux >/dev/null 2>&1 || skip_ "tmux is not installed"
	command -v bash >/dev/null 2>&1 || skip_ "bash is not installed"
	tmux_sock_=$PWD/tmux.sock
	at_exit_ 'tmux -S "$tmux_sock_" kill-server 2>/dev/null'
	TERM=${TERM:-xterm} tmux -S "$tmux_sock_" -f /dev/null \
		new-session -d -x 120 -y 30 \
		"cd '$PWD' && exec env HISTFILE= PS1='$ ' bash --norc --noprofile -i" ||
		framework_failure_ "cannot start tmux"
	# Wait for the prompt, so that no key is typed before the shell reads.
	i_=0
	until screen_ | grep '^\$' >/dev/null; do
		i_=$((i_ + 1))
		test $i_ -le 100 || framework_failure_ "no prompt in tmux"
		sleep 0.05
	done
}

# shell_job_: the pid of the job that the terminal's shell runs in the
# foreground (its child).
shell_job_() { pgrep -P "$(tmux_ display -p '#{pane_pid}')"; }

# tmux_ ARG...: tmux ARG... on the test's server.
tmux_() { tmux -S "$tmux_sock_" "$@"; }

# type_ TEXT: type TEXT into the terminal, then Enter.
type_() { tmux_ send-keys -l "$1" && tmux_ send-keys Enter; }

# screen_: what the terminal shows.
screen_() { tmux_ capture-pane -p; }

# write_group_sh_: a script, group.sh, that appends to ./groups its pid,
# its process group and its parent's (retry's) process group.
write_group_sh_() {
	cat >group.sh <<'SH' || framework_failure_ "cannot write group.sh"
pg() { sed 's/.*) //' "/proc/$1/stat" | cut -d' ' -f3; }
echo "$$ $(pg $$) $(pg $PPID)" >>groups
SH
}

# ctrl_c_stops_line_: press Ctrl-C in the terminal, where a retry typed
# with '; echo went on >after' behind it runs. The shell's $? must be 130
# and the rest of the line dropped: retry died of SIGINT, as any command
# that Ctrl-C stops. Returns 1 (with a note) if not.
ctrl_c_stops_line_() {
	tmux_ send-keys C-c
	type_ 'echo "status=$?" >st'
	wait_lines_ 1 st || fail_ "retry did not stop:" "$(screen_)"
	test "$(cat st)" = status=130 || note_ "after Ctrl-C:" "$(cat st)" ||
		return 1
	test ! -e after ||
		note_ "the shell went on: retry did not die of SIGINT"
}

# stalled_fifo_: ./fifo, held open by the test on fd 7 and never read: a
# writer blocks once its buffer is full. Pass 7>&- to what may not hold it.
stalled_fifo_() {
	mkfifo fifo || framework_failure_ "cannot make a fifo"
	exec 7<>fifo || framework_failure_ "cannot open the fifo"
	at_exit_ 'exec 7>&-'
}

# wait_screen_ ERE [SECONDS]: wait until a line of the terminal matches
# ERE, 10 s at most (or SECONDS); false if none did.
wait_screen_() {
	i_=0
	until screen_ | grep -E -- "$1" >/dev/null; do
		i_=$((i_ + 1))
		test $i_ -le $((${2:-10} * 20)) || return 1
		sleep 0.05
	done
}

# ctrl_z_storm_ COMMAND: in the terminal, run COMMAND (a retry whose
# attempts succeed only once ./done exists) with fg typed ahead 300
# times, while the test presses Ctrl-Z over and over: it sends what the
# terminal sends on Ctrl-Z, SIGTSTP to its foreground group, whenever the
# job has the terminal, at random moments. Each Ctrl-Z must stop the job
# and each fg continue it (the shell records each status in ./st); then
# ./done, and the job must end with status 0 and leave no process
# stopped. Returns 1 (with notes) if not.
ctrl_z_storm_() {
	shell_=$(tmux_ display -p '#{pane_pid}')
	sid_=$(sed 's/.*) //' "/proc/$shell_/stat" | cut -d' ' -f4)
	cat >storm.py <<'PY' || framework_failure_ "cannot write storm.py"
import os, random, signal, sys, time
shell, secs = int(sys.argv[1]), float(sys.argv[2])
end, sent = time.monotonic() + secs, 0
while time.monotonic() < end and not os.path.exists("storm.end"):
    with open("/proc/%d/stat" % shell) as f:
        tpgid = int(f.read().rsplit(")", 1)[1].split()[5])
    if tpgid > 0 and tpgid != shell:
        try:
            os.killpg(tpgid, signal.SIGTSTP)
            sent += 1
        except OSError:
            pass
    time.sleep(random.uniform(0, 0.003))
print(sent)
PY
	# The shell records the status of each command line: 148 when the
	# job stopped.
	type_ "PROMPT_COMMAND='echo \$? >>st'; $1"
	"$python_" -I -S storm.py "$shell_" 40 >sent &
	storm_pid_=$!
	bg_ $storm_pid_
	i_=0
	while test $i_ -lt 3; do
		i_=$((i_ + 1))
		# shellcheck disable=SC2046 # fg, Enter, 100 times
		tmux_ send-keys $(yes 'fg Enter' | head -n 100)
	done
	# Until every fg is used up, or the job no longer stops.
	n_=0
	until test "$(nlines st)" -ge 301; do
		sleep 2
		test "$(nlines st)" -gt "$n_" || break
		n_=$(nlines st)
	done
	: >storm.end
	wait "$storm_pid_"
	: >./done
	n_=$(nlines st)
	type_ fg
	wait_lines_ $((n_ + 1)) st
	in_session_() {
		ps -e -o sid=,pid=,stat=,wchan:16=,args= | awk -v s="$sid_" '$1 == s'
	}
	if ! grep -x 0 st >/dev/null; then
		note_ "the job did not end; it stopped $(($(nlines st) - 1))" \
			"times, then the shell waited for it:" "$(in_session_)"
		return 1
	fi
	test -z "$(in_session_ | awk '$3 ~ /^T/')" ||
		note_ "left stopped:" "$(in_session_)"
}
