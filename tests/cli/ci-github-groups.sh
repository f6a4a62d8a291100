#!/bin/sh
# SPDX-License-Identifier: ISC
# Under GitHub Actions (GITHUB_ACTIONS=true) with stderr a pipe, each
# attempt is a fold: "::group::" with the attempt's header, the attempt's
# own stderr, "::endgroup::"; a retry is a "::warning::" annotation and a
# give-up an "::error::" one, with the words of the plain messages, and so
# is "command not found" (127).  All of it on stderr, in that order; stdout
# holds only the command's output.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-ci.sh
. "$TESTS_DIR/lib-ci.sh"

GITHUB_ACTIONS=true
export GITHUB_ACTIONS

# Two failures, then a success.
piped_ 0 "$RETRY" -a 3 -d 0 -m NAME sh say.sh 2 3 || fail=1
cat >exp <<'EOF2'
::group::retry: NAME: attempt 1/3
attempt 1 err

::endgroup::
::warning::retry: NAME: attempt 1/3 failed (exit status 3); retrying in 0s
::group::retry: NAME: attempt 2/3, after attempt 1 failed (exit status 3)
attempt 2 err

::endgroup::
::warning::retry: NAME: attempt 2/3 failed (exit status 3); retrying in 0s
::group::retry: NAME: attempt 3/3, after attempt 2 failed (exit status 3)
attempt 3 err

::endgroup::
EOF2
cmp -s exp err || note_ "stderr is not the folds and warnings:" \
	"$(diff exp err)" || fail=1
printf 'attempt %s out\n' 1 2 3 >exp
cmp -s exp out || note_ "stdout is not the command's:" "$(cat out)" || fail=1
expect_runs 3 || fail=1

# Three failures: the last fold is followed by the give-up, an error.
rm -f runs
piped_ 3 "$RETRY" -a 3 -d 0 -m NAME sh say.sh 9 3 || fail=1
cat >exp <<'EOF2'
::group::retry: NAME: attempt 1/3
attempt 1 err

::endgroup::
::warning::retry: NAME: attempt 1/3 failed (exit status 3); retrying in 0s
::group::retry: NAME: attempt 2/3, after attempt 1 failed (exit status 3)
attempt 2 err

::endgroup::
::warning::retry: NAME: attempt 2/3 failed (exit status 3); retrying in 0s
::group::retry: NAME: attempt 3/3, after attempt 2 failed (exit status 3)
attempt 3 err

::endgroup::
::error::retry: NAME: attempt 3/3 failed (exit status 3); giving up after 3 attempts
EOF2
cmp -s exp err || note_ "stderr is not the folds, warnings and error:" \
	"$(diff exp err)" || fail=1
grep -q '::' out && { note_ "a marker on stdout:" "$(cat out)"; fail=1; }

# A command that is not found: its fold, then an error.
piped_ 127 "$RETRY" -a 2 -d 0 no-such-command || fail=1
cat >exp <<'EOF2'
::group::retry: no-such-command: attempt 1/2

::endgroup::
::error::retry: no-such-command: command not found
EOF2
cmp -s exp err || note_ "command not found is not an error annotation:" \
	"$(diff exp err)" || fail=1

Exit "$fail"
