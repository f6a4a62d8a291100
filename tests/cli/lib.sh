# SPDX-License-Identifier: ISC
# shellcheck shell=sh
# Shared helpers for retry's CLI tests, sourced by every tests/cli/*.sh.
#
# A test runs in a fresh temporary directory (removed on exit) with stdin
# from /dev/null and no RETRY_* variable inherited, so that a test run under
# retry behaves as one run by hand.  It exits 0 to pass, 1 to fail, 77 to
# skip and 99 when the test itself could not be set up, as automake expects.
#
# `make check` exports RETRY (the binary) and TESTS_DIR (this directory).  By
# hand: RETRY=$PWD/src/retry TESTS_DIR=$PWD/tests/cli sh tests/cli/NAME.sh

# Diagnostics go to the test's own stderr, kept on fd 9, so that they never
# end up in a file that a test redirected a command's stderr to.
exec 9>&2

# shellcheck disable=SC2034 # the tests set and read it
fail=0

# Stop the test: a skip, a failure or a broken set-up.
skip_() { printf 'SKIP: %s\n' "$*" >&9; exit 77; }
fail_() { printf 'FAIL: %s\n' "$*" >&9; exit 1; }
framework_failure_() { printf 'ERROR: %s\n' "$*" >&9; exit 99; }

# Report a failed check and let the test go on: `... || fail=1`.
note_() { printf 'FAIL: %s\n' "$*" >&9; return 1; }

TESTS_DIR=${TESTS_DIR:-$(cd "$(dirname "$0")" && pwd)}
RETRY=${RETRY:-$TESTS_DIR/../../src/retry}
case $RETRY in
/*) ;;
*) RETRY=$(pwd)/$RETRY ;;
esac
export RETRY TESTS_DIR
test -x "$RETRY" || framework_failure_ "no retry binary at $RETRY"

unset RETRY_ATTEMPT RETRY_MAX_ATTEMPTS RETRY_ELAPSED RETRY_PREVIOUS_STATUS \
	RETRY_RUN_ID RETRY_CONTROL
# Run in GitHub Actions or GitLab CI, retry would write their log markers
# (--ci=auto): the tests that want them set these themselves.
unset GITHUB_ACTIONS GITLAB_CI GITHUB_OUTPUT GITHUB_STEP_SUMMARY
LC_ALL=C
export LC_ALL
exec </dev/null

test_dir_=$(mktemp -d "${TMPDIR:-/tmp}/retry-cli.XXXXXX") ||
	framework_failure_ "cannot make a temporary directory"
trap 'cd / && rm -rf "$test_dir_"' EXIT
trap 'exit 1' HUP INT TERM
cd "$test_dir_" || framework_failure_ "cannot enter $test_dir_"

# returns_ N CMD...: run CMD; true if it exits with status N.
returns_() {
	exp_=$1
	shift
	"$@"
	got_=$?
	test "$got_" -eq "$exp_" && return 0
	note_ "expected exit status $exp_, got $got_: $*"
}

# nlines FILE: the number of lines in FILE, 0 if it does not exist.
nlines() {
	if test -f "$1"; then wc -l <"$1" | tr -d ' '; else echo 0; fi
}

# expect_runs N [FILE]: the child recorded exactly N runs in FILE (./runs).
expect_runs() {
	n_=$(nlines "${2:-runs}")
	test "$n_" -eq "$1" && return 0
	note_ "expected $1 run(s) of the command, got $n_"
}

# expect_lines N FILE: FILE has exactly N lines.
expect_lines() {
	n_=$(nlines "$2")
	test "$n_" -eq "$1" && return 0
	note_ "expected $1 line(s) in $2, got $n_:" "$(cat "$2" 2>/dev/null)"
}

# expect_empty FILE: FILE is empty (or absent).
expect_empty() {
	test -s "$1" || return 0
	note_ "expected $1 to be empty, it has:" "$(cat "$1")"
}

# The child commands.  `sh flaky.sh N [STATUS]` records a run in ./runs and
# exits STATUS (default 1) for its first N runs, then 0.  `sh stamp.sh
# [STATUS]` records the time of its start in nanoseconds in ./stamps and
# exits STATUS (default 1).
cat >flaky.sh <<'EOF' || framework_failure_ "cannot write flaky.sh"
echo run >>runs
test "$(wc -l <runs)" -gt "$1" || exit "${2:-1}"
exit 0
EOF
cat >stamp.sh <<'EOF' || framework_failure_ "cannot write stamp.sh"
date +%s%N >>stamps
exit "${1:-1}"
EOF

# now_ms: the wall clock in milliseconds.
now_ms() { echo $(($(date +%s%N) / 1000000)); }

# timed_ N CMD...: returns_ N CMD..., leaving its duration in ms in $ms.
timed_() {
	t0_=$(now_ms)
	returns_ "$@"
	r_=$?
	# shellcheck disable=SC2034 # the tests read it
	ms=$(($(now_ms) - t0_))
	return $r_
}

# gaps FILE: the time in ms between consecutive stamps, one per line.
gaps() { awk 'NR > 1 { printf "%d\n", ($1 - p) / 1000000 } { p = $1 }' "$1"; }

# Waiting.  A test that must let retry reach a state (asleep between
# attempts, waiting on a lock, its attempt in the foreground) before it
# acts waits for a sign of that state, never for a time: a time that is
# enough on an idle machine is not on a loaded one, and a check that
# passes as well when the step came too early proves nothing.  A fixed
# sleep that orders events is left only where no sign can be had; the
# line above it then says why, after "# order:" (grep -c counts them).

# poll_ CONDITION [SECONDS]: evaluate the shell command CONDITION every
# 10 ms until it is true; false if it is not within SECONDS (20) or so: a
# loaded machine stretches the tries, and the bound with them.
poll_() {
	poll_n_=$((${2:-20} * 100))
	until eval "$1"; do
		poll_n_=$((poll_n_ - 1))
		test "$poll_n_" -gt 0 || return 1
		sleep 0.01
	done
}

# wait_for_ CONDITION [SECONDS]: poll_; the test fails if it waits in vain.
wait_for_() {
	poll_ "$@" || fail_ "waited ${2:-20} s in vain for: $1"
}

# wchan_named_: the kernel names the wait a process sleeps in
# (/proc/PID/wchan). Asked once: of this shell, which sleeps reading the
# command substitution's pipe (a few tries: the child may read before the
# parent is asleep).
wchan_named_() {
	if test -z "${wchan_named_-}"; then
		wchan_named_=no
		for _ in 1 2 3; do
			case $(cat "/proc/$$/wchan" 2>/dev/null) in
			'' | 0) ;;
			*) wchan_named_=yes; break ;;
			esac
		done
	fi
	test "$wchan_named_" = yes
}

# asleep_ PID: PID sleeps in a poll (ppoll(), the wait of retry's event
# loop, between two events), with no signal pending.  Where the kernel does
# not name the wait, state S stands for it.  (A process that a signal or
# an event has woken is no longer asleep: its wchan is 0.)
asleep_() {
	if wchan_named_; then
		case $(cat "/proc/$1/wchan" 2>/dev/null) in
		*poll* | *select*) ;;
		*) return 1 ;;
		esac
	else
		case $(sed 's/.*) //' "/proc/$1/stat" 2>/dev/null) in
		S*) ;;
		*) return 1 ;;
		esac
	fi
	test -r "/proc/$1/status" || return 1
	while read -r as_k_ as_v_; do
		case $as_k_ in
		SigPnd: | ShdPnd:)
			case $as_v_ in
			*[!0]*) return 1 ;;
			esac ;;
		esac
	done <"/proc/$1/status"
}

# idle_ PID: PID is asleep_ and has no child, not even a zombie: retry
# between two attempts (every attempt reaped), or waiting before the first.
idle_() {
	asleep_ "$1" || return 1
	if test -r "/proc/$1/task/$1/children"; then
		id_c_=
		read -r id_c_ <"/proc/$1/task/$1/children"
		test -z "$id_c_"
	else
		test -z "$(pgrep -P "$1")"
	fi
}

# file_has_ FILE TEXT: FILE has a line that contains TEXT (a fixed string).
file_has_() { grep -Fq -e "$2" "$1" 2>/dev/null; }

# require_ns_date_: skip unless date(1) gives nanoseconds (GNU date).
require_ns_date_() {
	case $(date +%N) in
	*[!0-9]* | '') skip_ "date +%N does not give nanoseconds" ;;
	esac
}

# static_binary_ FILE: true if FILE has no program interpreter: no
# dynamic loader starts it (readelf must be there: the caller checks).
static_binary_() {
	! LC_ALL=C readelf -lW "$1" 2>/dev/null | grep -q 'program interpreter'
}

require_python3_() {
	python3 -c 'import json' 2>/dev/null || skip_ "python3 is not available"
}

# usage_error_ ARG...: retry ARG... is a usage error: exit status 125,
# nothing on stdout, nothing run (the tests pass `touch ran` as COMMAND), and
# on stderr exactly one line saying what was wrong, then the pointer to
# --help.  The message is left in ./err.  (Shell builtins only: the usage
# tests call this a few hundred times.)
usage_error_() {
	if test -e ran; then rm -f ran; fi
	returns_ 125 "$RETRY" "$@" >out 2>err || return 1
	test ! -e ran || note_ "retry $*: the command ran" || return 1
	expect_empty out || return 1
	l1_='' l2_='' l3_='' more_=''
	{ IFS= read -r l1_; IFS= read -r l2_; IFS= read -r l3_ && more_=y; } <err
	case $l1_ in
	'retry: '?*) ;;
	*) note_ "retry $*: the error is not one 'retry: ' line:" "$(cat err)"
		return 1 ;;
	esac
	if test "$l2_" != "Try 'retry --help' for more information." ||
		test -n "$more_$l3_"; then
		note_ "retry $*: not the error, then the pointer to --help:" "$(cat err)"
	fi
}

# refused_ ARG...: retry ARG... is refused before it runs anything, for
# a reason that --help cannot help with (a file it cannot use): exit
# status 125, nothing on stdout, nothing run, and on stderr exactly one
# line saying what was wrong, with no pointer to --help.  Left in ./err.
refused_() {
	if test -e ran; then rm -f ran; fi
	returns_ 125 "$RETRY" "$@" >out 2>err || return 1
	test ! -e ran || note_ "retry $*: the command ran" || return 1
	expect_empty out || return 1
	l1_='' more_=''
	{ IFS= read -r l1_; IFS= read -r l2_ && more_=y; } <err
	case $l1_ in
	'retry: '?*) ;;
	*) note_ "retry $*: the error is not one 'retry: ' line:" "$(cat err)"
		return 1 ;;
	esac
	test -z "$more_" ||
		note_ "retry $*: more than the one line of error:" "$(cat err)"
}

# mentions_ STRING...: the first line of ./err contains every STRING.
mentions_() {
	l1_=''
	IFS= read -r l1_ <err
	for s_ in "$@"; do
		case $l1_ in
		*"$s_"*) ;;
		*) note_ "the message does not mention '$s_': $l1_"; return 1 ;;
		esac
	done
}

# bad_value_ --OPTION VALUE: --OPTION=VALUE is a usage error whose message
# names the option and the value.
bad_value_() {
	usage_error_ "$1=$2" touch ran || return 1
	if test -n "$2"; then mentions_ "$1" "$2"; else mentions_ "$1"; fi
}

# Exit STATUS: leave the test with STATUS.
Exit() { exit "$1"; }
