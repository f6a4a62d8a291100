#!/bin/sh
# SPDX-License-Identifier: ISC
# An attempt whose last output has no newline (curl -w '%{http_code}', an
# error message cut short) keeps it on the screen: the count never draws
# over what was written before it.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

tmux_start_

cat >partial.sh <<'SH' || framework_failure_ "cannot write partial.sh"
echo run >>runs
printf 'important-err-%s' "$(wc -l <runs)" >&2
exit 1
SH
type_ "'$RETRY' -a 2 -d 3s -j none sh partial.sh; echo \$? >st"
wait_screen_ 'retrying in 2s$' || fail_ "the count did not start:" "$(screen_)"
screen_ | grep -q 'important-err-1' ||
	note_ "the attempt's text went during the count:" "$(screen_)" || fail=1
wait_lines_ 1 st || fail_ "retry did not end:" "$(screen_)"
screen_ >screen
for n in 1 2; do
	grep -q "important-err-$n" screen ||
		note_ "attempt $n's text is gone:" "$(cat screen)" || fail=1
done

Exit "$fail"
