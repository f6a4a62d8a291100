#!/bin/sh
# SPDX-License-Identifier: ISC
# --ci-dotenv needs the name of a file: empty, a name ending in '/', a
# missing value are usage errors (125) that name the option; a FILE that
# is a directory, or in a directory that is not there, is refused before
# the command runs.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

bad_value_ --ci-dotenv '' || fail=1
bad_value_ --ci-dotenv 'dir/' || fail=1
usage_error_ --ci-dotenv || fail=1
mentions_ --ci-dotenv || fail=1

mkdir adir
refused_ --ci-dotenv=adir touch ran || fail=1
mentions_ --ci-dotenv=adir || fail=1
refused_ --ci-dotenv=nodir/r.env touch ran || fail=1
mentions_ --ci-dotenv=nodir/r.env nodir || fail=1

Exit "$fail"
