#!/bin/sh
# SPDX-License-Identifier: ISC
# --max-server-wait=DURATION[:clamp|:give-up]: a bad duration or another
# mode is a usage error (125) that names the option and the value.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

for v in x 5x -1h 1h: 1h:wait :give-up 1h:clamp:give-up 1h:GIVE-UP ''; do
	bad_value_ --max-server-wait "$v" || fail=1
done

Exit "$fail"
