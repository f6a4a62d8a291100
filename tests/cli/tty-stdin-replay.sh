#!/bin/sh
# SPDX-License-Identifier: ISC
# --stdin=replay given when stdin is a terminal works as --stdin=pass: each
# attempt reads what is typed.  retry says so once, on stderr.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

tmux_start_

# wait_screen_ TEXT: wait until the terminal shows TEXT, 5 s at most.
wait_screen_() {
	i_=0
	until screen_ | grep -F -e "$1" >/dev/null; do
		i_=$((i_ + 1))
		test $i_ -le 100 || return 1
		sleep 0.05
	done
}

# The first attempt fails, so that a second one reads the terminal too.
cat >attempt.sh <<'SH' || framework_failure_ "cannot write attempt.sh"
echo $$ >>pids
read -r line
echo "got:$line"
test "$RETRY_ATTEMPT" = 2
SH
# retry records its own pid too, so that nothing outlives the test.
type_ "sh -c 'echo \$\$ >>pids; exec \"\$@\"' sh '$RETRY' --stdin=replay \
-a 2 --delay=0 sh attempt.sh 2>err; echo \"status=\$?\" >st"
n=1
for word in hello world; do
	n=$((n + 1))
	i=0
	until test "$(nlines pids)" -ge $n; do
		i=$((i + 1))
		test $i -le 100 || fail_ "attempt $((n - 1)) did not start:" \
			"$(screen_)"
		sleep 0.05
	done
	wait_for_ "has_tty_ $(sed -n "${n}p" pids)"
	type_ "$word"
	wait_screen_ "got:$word" ||
		fail_ "the attempt did not read '$word':" "$(screen_)"
done
i=0
until test -s st; do
	i=$((i + 1))
	test $i -le 100 || fail_ "retry did not end:" "$(screen_)"
	sleep 0.05
done
test "$(cat st)" = status=0 || note_ "retry's status:" "$(cat st)" || fail=1
n=$(grep '^retry: ' err | grep -e '--stdin=replay' | grep -c terminal)
test "$n" = 1 || note_ "expected one notice on --stdin=replay and the" \
	"terminal, got $n:" "$(cat err)" || fail=1

Exit "$fail"
