#!/bin/sh
# SPDX-License-Identifier: ISC
# A SIGTERM that retry passes on to the attempt escalates as a stop by
# --timeout does: --kill-after later, the attempt's group gets SIGKILL, so a
# grandchild that ignores SIGTERM is not left running; retry then dies of
# SIGTERM.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

# The attempt's shell dies of SIGTERM; its child ignores it and records its
# pid in ./gc once it does. The signal comes once retry waits for them,
# asleep in its event loop.
m=$(marker_)
drive_ -w gc -a -k TERM -l 8 -- "$RETRY" -a 1 -k 1 -- \
	sh -c 'echo $$ >>pids
	sh -c "trap \"\" TERM; echo \$\$ >gc; exec sleep $1" & wait' sh "$m" \
	2>err
expect_death_ TERM || fail=1
test "$ms" -lt 4000 || note_ "retry took ${ms}ms to die" || fail=1
gone_within_ -f "sleep $m" || fail=1

Exit "$fail"
