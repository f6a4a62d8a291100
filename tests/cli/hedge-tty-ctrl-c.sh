#!/bin/sh
# SPDX-License-Identifier: ISC
# --hedge in a terminal: Ctrl-C stops every copy, retry and the shell's
# command line ($? is 130), and no new copy starts.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

tmux_start_

m=$(marker_)
cat >copy.sh <<'EOF2' || framework_failure_ "cannot write copy.sh"
echo $$ >>pids
echo run >>runs
sleep "$1" &
exec sleep "$1"
EOF2
type_ "'$RETRY' -a 5 -k 1 --hedge=200ms sh copy.sh $m; echo went on >after"
wait_lines_ 2 runs || fail_ "the copies did not start:" "$(screen_)"
# Ctrl-C once both copies sleep, each with its grandchild, and retry too.
retry_pid=$(ppid_of_ "$(head -n 1 pids)")
# shellcheck disable=SC2317 # called through wait_for_
settled_() {
	test "$(live_ -f "sleep $m" | wc -l)" -ge 4 && asleep_ "$retry_pid"
}
wait_for_ settled_
ctrl_c_stops_line_ || fail=1
# Once nothing of the run is left (the marker is in every copy's command
# line, and retry's), no copy can start any more.
wait_for_ 'test -z "$(live_ -f "$m")"'
expect_runs 2 || fail=1

Exit "$fail"
