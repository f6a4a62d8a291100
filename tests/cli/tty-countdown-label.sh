#!/bin/sh
# SPDX-License-Identifier: ISC
# A label whose width is not its length (wide characters, a tab, a
# newline) could not be drawn over itself reliably: the sleep does not
# count down, and the message is written once, whole.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

tmux_start_

# 日本語 in UTF-8, typed as octal escapes: the test's locale is C.
label=$(printf '\346\227\245\346\234\254\350\252\236')
tmux_ send-keys -l "LC_ALL=C.UTF-8 '$RETRY' -a 2 -d 3s -j none -m '$label$label' sh flaky.sh 9; echo \$? >st" &&
	tmux_ send-keys Enter
wait_lines_ 1 runs || fail_ "the attempt did not start:" "$(screen_)"
sleep 1.5
screen_ | grep -q 'retrying in [12]s$' &&
	{ note_ "a wide label counted down:" "$(screen_)"; fail=1; }
wait_lines_ 1 st || fail_ "retry did not end:" "$(screen_)"
test "$(screen_ | grep -c 'attempt 1/2 failed')" -eq 1 ||
	note_ "the message was not written once:" "$(screen_)" || fail=1

Exit "$fail"
