#!/bin/sh
# SPDX-License-Identifier: ISC
# GitHub's command data escapes '%' as %25, in the fold's title and in
# the annotations alike; a -m TEXT's LF and CR are shown as \n and \r there,
# as in every line of retry's, so that it can never end a marker's line
# early nor start a workflow command of its own; '::' inside the data
# stays as it is.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-ci.sh
. "$TESTS_DIR/lib-ci.sh"

GITHUB_ACTIONS=true
export GITHUB_ACTIONS

piped_ 1 "$RETRY" -a 2 -d 0 -m 'a%b::c
d' false || fail=1
cat >exp <<'EOF2'
::group::retry: a%25b::c\nd: attempt 1/2

::endgroup::
::warning::retry: a%25b::c\nd: attempt 1/2 failed (exit status 1); retrying in 0s
::group::retry: a%25b::c\nd: attempt 2/2, after attempt 1 failed (exit status 1)

::endgroup::
::error::retry: a%25b::c\nd: attempt 2/2 failed (exit status 1); giving up after 2 attempts
EOF2
cmp -s exp err || note_ "'%' or LF not escaped:" "$(diff exp err)" || fail=1

# A CR, and a text that looks like an escape already ("%0A" must not turn
# into a newline when the runner unescapes it), and one that looks like a
# command after a newline.
piped_ 1 "$RETRY" -a 1 -m "$(printf 'x\ry%%0A\n::error::z')" false || fail=1
cat >exp <<'EOF2'
::group::retry: x\ry%250A\n::error::z: attempt 1/1

::endgroup::
::error::retry: x\ry%250A\n::error::z: attempt 1/1 failed (exit status 1); giving up after 1 attempt
EOF2
cmp -s exp err || note_ "CR or '%' not escaped:" "$(diff exp err)" || fail=1

Exit "$fail"
