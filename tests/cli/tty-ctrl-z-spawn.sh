#!/bin/sh
# SPDX-License-Identifier: ISC
# Ctrl-Z again and again while retry starts attempt after attempt, and the
# shell's fg after each: every Ctrl-Z stops the job, every fg continues
# it, and retry ends with no process left stopped. (A Ctrl-Z that came
# between vfork() and the child's exec stopped the child there, in retry's
# group or holding the terminal; retry, suspended in vfork(), could
# neither stop nor go on, and the shell waited for good.)

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

tmux_start_
ctrl_z_storm_ "'$RETRY' -q -a 0 -d 0 -- test -e done" || fail=1

Exit "$fail"
