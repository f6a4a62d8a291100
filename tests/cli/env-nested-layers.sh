#!/bin/sh
# SPDX-License-Identifier: ISC
# The nested-retry warning gives the real depth and the real product of the
# attempt limits: an outer -a 3 around an inner -a 4 is 2 layers and up to
# 12 runs; a third layer, -a 2, makes 3 layers and 24; an unlimited layer
# anywhere makes the runs unlimited.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

# The innermost command writes nothing; each inner retry's warning is
# kept by the outer retry's stderr, which is the file.
returns_ 0 "$RETRY" -q -a 3 -- "$RETRY" -a 4 -- true 2>two || fail=1
grep -F '2 layers: up to 12 runs of true' two >/dev/null ||
	note_ "two layers:" "$(cat two)" || fail=1

returns_ 0 "$RETRY" -q -a 3 -- "$RETRY" -q -a 4 -- "$RETRY" -a 2 -- true \
	2>three || fail=1
grep -F '3 layers: up to 24 runs of true' three >/dev/null ||
	note_ "three layers:" "$(cat three)" || fail=1

returns_ 0 "$RETRY" -q -a 0 -- "$RETRY" -a 4 -- true 2>unlimited || fail=1
grep -F '2 layers: no limit on the runs of true' unlimited >/dev/null ||
	note_ "an unlimited layer:" "$(cat unlimited)" || fail=1

# JSON carries the same figures.
require_python3_
returns_ 0 "$RETRY" -q -a 3 -- "$RETRY" --log-format=json -a 4 -- true \
	2>json || fail=1
python3 -c 'import json, sys
e = json.loads(open("json").readline())
sys.exit(0 if (e["event"], e["layers"], e["max_runs"]) == ("nested", 2, 12)
    else 1)' || note_ "JSON:" "$(cat json)" || fail=1

Exit "$fail"
