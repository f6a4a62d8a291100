#!/bin/sh
# SPDX-License-Identifier: ISC
# Without a COMMAND (and without -n), retry is a usage error.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

usage_error_ || fail=1
usage_error_ -a 3 || fail=1
usage_error_ -- || fail=1
usage_error_ -q -- || fail=1

Exit "$fail"
