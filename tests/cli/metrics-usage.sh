#!/bin/sh
# SPDX-License-Identifier: ISC
# --metrics and --metrics-label are checked before anything runs: a FILE
# that holds something other than retry's metrics (it would be replaced),
# a FILE whose directory is missing, a directory: each is refused (125,
# one line, nothing run, no pointer to --help, which cannot help); an
# empty --metrics=, --metrics-label without --metrics, a label empty,
# with a control character or not UTF-8: each is a usage error (the same,
# and the pointer to --help).  FILE is left as it was.  An empty existing
# FILE is accepted.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

# Someone else's file.
for text in 'node_load1 0.5' '# HELP node_load1 Load.' '# HELP retry' \
	'# TYPE retry_runs_total counter' 'x'; do
	printf '%s\n' "$text" >m
	cp m m.orig
	refused_ --metrics=m touch ran || fail=1
	mentions_ m "the file holds something other than retry's metrics" ||
		fail=1
	cmp -s m m.orig || note_ "'$text': the file changed:" "$(cat m)" || fail=1
done

# No such directory; a directory.
refused_ --metrics=nowhere/m touch ran || fail=1
mentions_ nowhere || fail=1
test ! -e nowhere || note_ "the directory was made" || fail=1
mkdir d
refused_ --metrics=d touch ran || fail=1
mentions_ d || fail=1
test -d d || note_ "the directory went" || fail=1

# Empty.
bad_value_ --metrics '' || fail=1

# --metrics-label needs --metrics.
rm -f m
usage_error_ --metrics-label=x touch ran || fail=1
mentions_ --metrics-label --metrics || fail=1

# Bad labels; the file is not made.
for label in '' "$(printf 'a\tb')" "$(printf 'a\033b')" "$(printf 'a\177b')" \
	"$(printf '\377')" "$(printf 'caf\303')" "$(printf '\300\257')"; do
	usage_error_ --metrics=m --metrics-label="$label" touch ran || fail=1
	mentions_ --metrics-label || fail=1
	test ! -e m || note_ "the file was made" || fail=1
done
# A line feed.  (The message quotes the value as it is, so it is not
# one line: only the status and that nothing ran are checked.)
returns_ 125 "$RETRY" --metrics=m --metrics-label='a
b' touch ran 2>err || fail=1
test ! -e ran || note_ "a label with LF: the command ran" || fail=1
test ! -e m || note_ "a label with LF: the file was made" || fail=1

# An empty FILE, and one of retry's, are accepted.
: >m
returns_ 0 "$RETRY" --metrics=m touch ran || fail=1
test -e ran || note_ "an empty FILE: the command did not run" || fail=1
grep -q '^retry_runs_total{command="touch"} 1$' m ||
	note_ "an empty FILE was not written:" "$(cat m)" || fail=1
returns_ 0 "$RETRY" --metrics=m --metrics-label="$(printf 'caf\303\251')" \
	true || fail=1

Exit "$fail"
