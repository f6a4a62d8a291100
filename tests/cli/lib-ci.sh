# SPDX-License-Identifier: ISC
# shellcheck shell=sh
# Sourced after lib.sh by the tests of --ci and --metrics.
#
# CI markers are written only when stderr is a pipe or a terminal, the way
# a CI runner reads a step's output: piped_ runs retry so.  The child
# script say.sh writes to stderr what a test can find between the markers.

# piped_ N CMD...: run CMD with stdout to ./out and stderr through a pipe
# into ./err; true if it exits with status N.
piped_() {
	exp_=$1
	shift
	{
		"$@" 2>&1 >out
		echo $? >st
	} | cat >err
	got_=$(cat st)
	test "$got_" -eq "$exp_" && return 0
	note_ "expected exit status $exp_, got $got_: $*"
}

# `sh say.sh N [STATUS]`: like flaky.sh (a run recorded in ./runs, STATUS
# for the first N runs, then 0), and says "attempt K out" on stdout and
# "attempt K err" on stderr, K the run's number.
cat >say.sh <<'EOF' || framework_failure_ "cannot write say.sh"
echo run >>runs
k=$(wc -l <runs)
echo "attempt $k out"
echo "attempt $k err" >&2
test "$k" -gt "$1" || exit "${2:-1}"
exit 0
EOF

# metric_ FAMILY LABEL [FILE]: the value of FAMILY{command="LABEL"} in FILE
# (./m); empty when there is no such sample.  LABEL as written in the file,
# escapes included.
metric_() {
	# Through the environment: awk -v would take the backslashes as escapes.
	want_="$1{command=\"$2\"}" awk '
		BEGIN { want = ENVIRON["want_"] }
		substr($0, 1, length(want) + 1) == want " " {
			print substr($0, length(want) + 2)
		}' "${3:-m}"
}

# expect_metric_ FAMILY LABEL VALUE [FILE]: FAMILY{command="LABEL"} is VALUE.
expect_metric_() {
	v_=$(metric_ "$1" "$2" "${4:-m}")
	test "$v_" = "$3" && return 0
	note_ "$1{command=\"$2\"} is '$v_', expected '$3':" "$(cat "${4:-m}")"
}

# A name that would forge lines, were it written as it is: an LF and a CR
# that each start a GitHub workflow command, and the runner's older form
# "##[", which it reads anywhere in a line.
# shellcheck disable=SC2034 # the tests read it
forged_name=$(printf 'N\n::error::pwned\r::add-mask::masked ##[error]pwned2')

# meant_lines_ [github] [FILE]: every line of FILE (./err) is one that
# retry means: it starts with "retry: " (or is --help's pointer after a
# usage error); with github, in GitHub Actions, also retry's own workflow
# commands (::group::, ::warning:: and ::error:: with a "retry: " line as
# their data, ::endgroup::) and the blank line a fold may hold. No line
# holds a CR or another control character, nor "##[".
meant_lines_() {
	ci_=
	if test "$1" = github; then
		ci_=github
		shift
	fi
	LC_ALL=C awk -v ci="$ci_" '
		/[\001-\037\177]/ || index($0, "##[") { print; next }
		/^retry: / { next }
		/^Try .retry --help. for more information\.$/ { next }
		ci == "" { print; next }
		/^::(group|warning|error)::retry: / { next }
		/^::endgroup::$/ || /^$/ { next }
		{ print }' "${1:-err}" >meant_bad_
	test -s meant_bad_ || return 0
	note_ "lines that retry did not mean:" "$(cat -v meant_bad_)"
}

# markers_at_line_start_ WHAT: every marker in ./err starts its line.
markers_at_line_start_() {
	grep -E '.::(group|endgroup|warning|error)::' err >bad
	test -s bad || return 0
	note_ "$1: a marker in the middle of a line:" "$(cat err)"
}
