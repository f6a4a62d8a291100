#!/bin/sh
# SPDX-License-Identifier: ISC
# --hedge: a permanent status in any copy (--stop-on, an exec failure 126
# or 127, --stop-if-output, an HTTP status not retried) stops every other
# copy's group and ends the run with that status at once; the failed
# copy's output goes to stderr, the stopped copy's is dropped.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

# The first copy hangs (with a grandchild) after its output; the second
# runs "$2" once the first has started.
cat >copy.sh <<'SH' || framework_failure_ "cannot write copy.sh"
echo $$ >>pids
echo "$RETRY_ATTEMPT" >>runs
if test "$RETRY_ATTEMPT" = 1; then
	echo "out 1"
	sleep "$1" &
	exec sleep "$1"
fi
echo "out $RETRY_ATTEMPT"
eval "$2"
SH

# ends_ STATUS OPTION... -- CODE: the run ends with STATUS, after 2 copies,
# well before the hang would end, and no copy is left.
ends_() {
	st_=$1
	shift
	o_=
	while test "$1" != --; do
		o_="$o_ $1"
		shift
	done
	rm -f runs
	m=$(marker_)
	# shellcheck disable=SC2086 # the options, one word each
	timed_ "$st_" "$RETRY" -a 5 --hedge=200ms $o_ sh copy.sh "$m" "$2" \
		>out 2>err || return 1
	expect_empty out || return 1
	expect_runs 2 || return 1
	grep -x 'out 2' err >/dev/null ||
		note_ "$o_: the failed copy's output is not on stderr:" \
			"$(cat err)" || return 1
	! grep 'out 1' err >/dev/null ||
		note_ "$o_: the stopped copy's output was written:" \
			"$(cat err)" || return 1
	gone_within_ -f "sleep $m" || return 1
	test "$ms" -lt 8000 || note_ "$o_: the run took ${ms}ms"
}

ends_ 3 --stop-on=3 -- 'exit 3' || fail=1
ends_ 1 --stop-if-output=FATAL -- 'echo FATAL; exit 1' || fail=1
ends_ 22 --http -- 'printf "HTTP/1.1 404 Not Found\r\n\r\n" >&2; exit 22' ||
	fail=1
# Not only retryable statuses: a --retry-on list that leaves 4 out.
ends_ 4 --retry-on=1 -- 'exit 4' || fail=1

# The first copy's permanent status, while a hedge runs, stops the hedge.
cat >first.sh <<'SH' || framework_failure_ "cannot write first.sh"
echo $$ >>pids
echo "$RETRY_ATTEMPT" >>runs
if test "$RETRY_ATTEMPT" = 1; then
	i=0
	while test "$(wc -l <runs)" -lt 2 && test $i -lt 200; do
		sleep 0.05
		i=$((i + 1))
	done
	exit 3
fi
sleep "$1" &
exec sleep "$1"
SH
rm -f runs
m=$(marker_)
timed_ 3 "$RETRY" -a 5 --hedge=200ms --stop-on=3 sh first.sh "$m" \
	>out 2>err || fail=1
expect_runs 2 || fail=1
gone_within_ -f "sleep $m" || fail=1
test "$ms" -lt 8000 || note_ "first copy's 3: the run took ${ms}ms" || fail=1

# Exec failures: the first copy takes away what the next one would run.
cat >cmd <<'SH' || framework_failure_ "cannot write cmd"
#!/bin/sh
echo $$ >>pids
echo "$RETRY_ATTEMPT" >>runs
eval "$2"
sleep "$1" &
exec sleep "$1"
SH
for c in 'chmod -x cmd:126' 'mv cmd cmd.gone:127'; do
	rm -f runs cmd.gone
	chmod +x cmd || framework_failure_ "cannot chmod cmd"
	m=$(marker_)
	timed_ "${c##*:}" "$RETRY" -a 5 --hedge=200ms ./cmd "$m" "${c%:*}" \
		>out 2>err || fail=1
	test -e cmd.gone && mv cmd.gone cmd
	expect_runs 1 || fail=1
	gone_within_ -f "sleep $m" || fail=1
	test "$ms" -lt 8000 || note_ "${c%:*}: the run took ${ms}ms" || fail=1
done

Exit "$fail"
