#!/bin/sh
# SPDX-License-Identifier: ISC
# The nested-retry warning names the command: an LF or a CR in -m is
# shown escaped, so that it can start no GitHub workflow command and no
# line without "retry: " (issue 38).

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-ci.sh
. "$TESTS_DIR/lib-ci.sh"

outer_id=0123456789abcdef0123456789abcdef

for sep in '\n' '\r'; do
	# shellcheck disable=SC2059 # $sep: an escape for printf
	name=$(printf "x${sep}::error::pwned")
	piped_ 1 env GITHUB_ACTIONS=true RETRY_RUN_ID=$outer_id "$RETRY" -a 1 \
		-m "$name" false || fail=1
	meant_lines_ github || fail=1
	grep -q "^retry: warning: running inside another retry's attempt: .* runs of x\\\\[nr]::error::pwned)\$" \
		err || note_ "no nested warning, escaped:" "$(cat -v err)" ||
		fail=1
	returns_ 1 env RETRY_RUN_ID=$outer_id "$RETRY" -a 1 -m "$name" false \
		2>err || fail=1
	meant_lines_ || fail=1
done

Exit "$fail"
