#!/bin/sh
# SPDX-License-Identifier: ISC
# In a terminal, each attempt can read what is typed.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

tmux_start_

cat >attempt.sh <<'EOF' || framework_failure_ "cannot write attempt.sh"
echo $$ >>pids
read -r l
echo "$l" >>lines
exit 1
EOF
type_ "'$RETRY' -a 2 --delay=0 sh attempt.sh; echo \"status=\$?\" >st"
for n in 1 2; do
	wait_lines_ $n pids || fail_ "attempt $n did not start:" "$(screen_)"
	wait_for_ "has_tty_ $(sed -n "${n}p" pids)"
	type_ "line $n"
	wait_lines_ $n lines ||
		fail_ "attempt $n did not read its line:" "$(screen_)"
done
wait_lines_ 1 st || fail_ "retry did not end:" "$(screen_)"
test "$(cat st)" = status=1 || note_ "retry's status:" "$(cat st)" || fail=1
test "$(cat lines)" = "line 1
line 2" || note_ "the attempts read:" "$(cat lines)" || fail=1

Exit "$fail"
