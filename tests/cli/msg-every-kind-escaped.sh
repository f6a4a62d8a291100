#!/bin/sh
# SPDX-License-Identifier: ISC
# Every kind of message, each log_ function that src/report/log.h declares, with
# a name that holds an LF, a CR, "::error::", "::add-mask::" and "##[":
# each line on stderr is one that retry means (meant_lines_: it starts
# with "retry: "; in GitHub Actions also retry's own workflow commands),
# in plain text and with GITHUB_ACTIONS=true, and no line carries a
# control character or the runner's "##[".  The list of kinds is read
# from log.h: a log_ function with no scenario below fails the test, so
# a new message kind cannot go unwalked (issue 38).

# The kind_ functions and want_ patterns are reached by name.
# shellcheck disable=SC2317,SC2034

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-ci.sh
. "$TESTS_DIR/lib-ci.sh"

log_h=$TESTS_DIR/../../src/report/log.h
test -f "$log_h" || framework_failure_ "no src/report/log.h at $log_h"
sed -n 's/^[a-z].*[ 	*]\(log_[a-z_]*\)(.*/\1/p' "$log_h" >kinds
test -s kinds || framework_failure_ "no log_ function found in $log_h"

N=$forged_name
id=0123456789abcdef0123456789abcdef

# The functions that write no line of their own, and why.
silent='
log_init	sets up what messages show
log_run		tells which run they speak of
log_time_format	formats a time for JSON
log_ci		sets up the CI markers
log_child_writes	notes what a child writes itself
log_command_name	returns the name
log_hold	sets where held messages go (--output=on-failure)
'

# One scenario a kind: kind_NAME runs retry so that it writes that kind
# of message, with the name in it wherever the message carries one;
# want_NAME is an ERE that the text on stderr matches when it did (in
# GitHub Actions, want_ci_NAME when it differs).

kind_log_usage_error() { "$RETRY" --delay="$N" true; }
want_log_usage_error='^retry: invalid value .* for -d/--delay'

# The metrics file's directory goes while the attempt runs.
kind_log_error() {
	rm -rf "m$N" && mkdir "m$N" &&
		"$RETRY" -a 1 --metrics="$PWD/m$N/x.prom" \
			sh -c 'rm -rf "$1"; : >"$1"' sh "$PWD/m$N"
}
want_log_error='^retry: cannot write the metrics to .*/mN\\n::error::pwned'

# The store's directory goes while the attempt runs: a warning.
kind_log_notice() {
	rm -rf "s$N" && mkdir "s$N" &&
		"$RETRY" -a 2 -d 0 --budget=b --store="file:$PWD/s$N" \
			sh -c 'rm -rf "$1"; : >"$1"; exit 1' sh "$PWD/s$N"
}
want_log_notice='^retry: warning: budget b cannot be used .*/sN\\n::error::pwned'

kind_log_detail() {
	"$RETRY" -v -a 2 -d 0 --http -m "$N" sh -c \
		'printf "HTTP/1.1 503 Busy\r\nRetry-After: soon\r\n\r\n"; exit 22'
}
want_log_detail='^retry: a Retry-After that is neither seconds'

kind_log_nested() { RETRY_RUN_ID=$id "$RETRY" -a 1 -m "$N" true; }
want_log_nested="^retry: warning: running inside another retry's attempt"

kind_log_fold_begin() { "$RETRY" -a 2 -d 0 -m "$N" false; }
want_log_fold_begin='^retry: N\\n::error::pwned.*attempt 2/2 failed'
want_ci_log_fold_begin='^::group::retry: N\\n::error::pwned.*attempt 2/2'

kind_log_fold_end() { "$RETRY" -a 2 -d 0 -m "$N" false; }
want_log_fold_end=$want_log_fold_begin
want_ci_log_fold_end='^::endgroup::$'

kind_log_start() { "$RETRY" -v -a 1 -m "$N" true; }
want_log_start='^retry: N\\n::error::pwned.*attempt 1/1 starting after'

kind_log_retry() { "$RETRY" -a 2 -d 0 -m "$N" false; }
want_log_retry='^retry: N\\n::error::pwned.*attempt 1/2 failed .*retrying in'
want_ci_log_retry="^::warning::${want_log_retry#^}"

# --successes: a success short of 2 in a row, said with -v.
kind_log_again() { "$RETRY" -v --successes=2 -d 0 -m "$N" true; }
want_log_again='^retry: N\\n::error::pwned.*attempt 1/5 succeeded \(1 of 2 in a row\)'

# --output=on-failure: the held attempt's header, written at the give-up.
kind_log_held_header() { "$RETRY" --output=on-failure -a 2 -d 0 -m "$N" false; }
want_log_held_header='^retry: N\\n::error::pwned.*attempt 2/2 failed \(exit status 1\)$'

# --output=on-failure past the spool's memory, with no $TMPDIR: a cut.
kind_log_held_cut() {
	TMPDIR="$PWD/missing" "$RETRY" --output=on-failure -a 1 -m "$N" \
		sh -c 'head -c 3000000 /dev/zero; exit 1'
}
want_log_held_cut='^retry: N\\n::error::pwned.* bytes of output held for --output=on-failure were cut'

# --hedge: copy 1 waits (at most 10 s) for copy 2, which starts by DELAY;
# both fail.
kind_log_hedge() {
	rm -f two
	"$RETRY" -v --hedge=10ms -a 2 -m "$N" sh -c '
		if test "$RETRY_ATTEMPT" = 2; then : >two; exit 1; fi
		i=0
		while test ! -e two && test $i -lt 1000; do
			sleep 0.01
			i=$((i + 1))
		done
		exit 1'
}
want_log_hedge='^retry: N\\n::error::pwned.*attempt 2/2 starting as a hedge'

kind_log_copy_failed() { kind_log_hedge; }
want_log_copy_failed='^retry: N\\n::error::pwned.*attempt [12]/2 failed .*cop(y|ies)'
want_ci_log_copy_failed="^::warning::${want_log_copy_failed#^}"

# --hedge: copy 1 hangs until copy 2 succeeds, and is stopped.
kind_log_dropped() {
	"$RETRY" -v --hedge=10ms -a 2 -m "$N" sh -c '
		if test "$RETRY_ATTEMPT" = 2; then exit 0; fi
		exec sleep 10'
}
want_log_dropped='^retry: N\\n::error::pwned.*attempt 1 stopped: attempt 2 succeeded first'

kind_log_success() { rm -f runs; "$RETRY" -v -a 2 -d 0 -m "$N" sh flaky.sh 1; }
want_log_success='^retry: N\\n::error::pwned.*attempt 2/2 succeeded'

kind_log_give_up() { "$RETRY" -a 1 -m "$N" false; }
want_log_give_up='^retry: N\\n::error::pwned.*attempt 1/1 failed .*giving up'
want_ci_log_give_up="^::error::${want_log_give_up#^}"

kind_log_exec_failed() { "$RETRY" -a 1 -- "nosuchcmd $N"; }
want_log_exec_failed='^retry: nosuchcmd N\\n::error::pwned.* command not found'
want_ci_log_exec_failed="^::error::${want_log_exec_failed#^}"

kind_log_hook() { "$RETRY" -a 2 -d 0 --on-retry=false -m "$N" false; }
want_log_hook='^retry: N\\n::error::pwned.*: --on-retry hook failed'

# One token, none added: the retry waits for one, in vain.
kind_log_budget_wait() {
	rm -rf st runs
	"$RETRY" -v -a 5 -d 10ms --budget=b --store="file:$PWD/st" \
		--budget-ratio=0 --budget-rate=0/s --budget-wait=10ms \
		--budget-burst=1 -m "$N" sh flaky.sh 99 3
}
want_log_budget_wait='^retry: N\\n::error::pwned.*attempt [0-9]+ held back'

# JSON only (the text says nothing: the shell reports the signal).  The
# test's shell must not report it among retry's lines ("Terminated"): a
# job of a subshell whose own stderr goes nowhere.
kind_log_interrupted() {
	(
		"$RETRY" --log-format=json -a 1 -m "$N" \
			sh -c 'kill -s TERM "$PPID"; exec sleep 10' 2>json &
		wait $!
	) 2>/dev/null
	cat json >&2
}
want_log_interrupted='"event":"interrupted"'
# The last words are log_interrupted's, said after the live line ends.
kind_log_last_words() { kind_log_interrupted; }
want_log_last_words=$want_log_interrupted

# On a terminal only (script(1) gives one): the count of a sleep, on a
# line that goes when the sleep ends; its pieces apart, for the checks.
kind_log_sleep_live() {
	N_=$N TERM=xterm script -qec 'stty cols 300 rows 20
		exec "$RETRY" -a 2 -d 2100ms -j none -m "$N_" false' \
		/dev/null >transcript
	cr=$(printf '\r')
	esc=$(printf '\033')
	LC_ALL=C awk -v cr="$cr" -v esc="$esc" '{
		sub(cr "$", "")
		gsub(cr esc "\\[K", "\n")
		gsub(esc "\\[K", "\n")
		gsub(cr "retry: ", "\nretry: ")
		print
	}' transcript | grep -v '^$' >&2
}
want_log_sleep_live='^retry: N\\n::error::pwned.*: retrying in [0-9]s$'

# meant_json_ FILE: FILE holds JSON lines only, none with a control
# character or "##[".
meant_json_() {
	LC_ALL=C awk '/[\001-\037\177]/ || index($0, "##[") ||
		!/^\{"event":.*\}$/' "$1" >bad
	test -s bad || return 0
	note_ "lines that retry did not mean:" "$(cat -v bad)"
}

# walk_ KIND MODE: the scenario of KIND, in plain text or in GitHub
# Actions (github: stderr a pipe, as the runner reads it).
walk_() {
	if test "$2" = github; then
		(
			GITHUB_ACTIONS=true
			export GITHUB_ACTIONS
			"kind_$1" 2>&1 >out
		) | cat >err
	else
		"kind_$1" >out 2>err
	fi
	case $1 in
	log_interrupted | log_last_words) meant_json_ err ;;
	*) if test "$2" = github; then meant_lines_ github; else meant_lines_; fi ;;
	esac || { note_ "$1, $2"; return 1; }
	want_=
	eval "want_=\$want_$1"
	if test "$2" = github; then
		eval "want_=\${want_ci_$1:-\$want_}"
	fi
	grep -Eq "$want_" err && return 0
	note_ "$1, $2: no line matches $want_:" "$(cat -v err)"
}

has_script_=no
script -qec true /dev/null >/dev/null 2>&1 </dev/null && has_script_=yes

# Words, one a line: the kinds are names.
# shellcheck disable=SC2013
for kind in $(cat kinds); do
	case $silent in
	*"
$kind	"*) continue ;;
	esac
	if ! command -v "kind_$kind" >/dev/null 2>&1; then
		note_ "$kind (src/report/log.h) has no scenario: add one" || fail=1
		continue
	fi
	if test "$kind" = log_sleep_live && test "$has_script_" = no; then
		printf 'SKIP: %s: no util-linux script(1)\n' "$kind" >&9
		continue
	fi
	for mode in plain github; do
		walk_ "$kind" "$mode" </dev/null || fail=1
	done
done

Exit "$fail"
