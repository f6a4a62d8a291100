#!/bin/sh
# SPDX-License-Identifier: ISC
# Retries that run side by side on one terminal (xargs -P, a script's
# jobs) share a process group: none of them counts down, since each
# would draw over the others' lines; every message stays on the screen.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

tmux_start_
command -v xargs >/dev/null 2>&1 || skip_ "xargs is not installed"

type_ "printf '%s\\n' a b c | xargs -P 3 -I{} '$RETRY' -a 2 -d 3s -j none -m job-{} false; echo \$? >st"
wait_lines_ 1 st || fail_ "the retries did not end:" "$(screen_)"
screen_ >screen
for j in a b c; do
	grep -q "^retry: job-$j: attempt 1/2 failed .*retrying in 3s\$" screen ||
		note_ "job-$j's retry message is gone:" "$(cat screen)" || fail=1
	grep -q "^retry: job-$j: attempt 2/2 failed .*giving up" screen ||
		note_ "job-$j's give-up message is gone:" "$(cat screen)" || fail=1
done

Exit "$fail"
