#!/bin/sh
# SPDX-License-Identifier: ISC
# With --foreground, Ctrl-Z again and again while retry starts attempt
# after attempt, and the shell's fg after each: every Ctrl-Z stops the
# job, every fg continues it, and retry ends with no process left stopped.
# (The child shares retry's group: a Ctrl-Z between vfork() and its exec
# stopped it there, and retry, suspended in vfork(), could not stop with
# it; the shell waited for good.)

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

tmux_start_
ctrl_z_storm_ "'$RETRY' --foreground -q -a 0 -d 0 -- test -e done" || fail=1

Exit "$fail"
