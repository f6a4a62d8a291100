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
