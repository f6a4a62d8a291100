#!/bin/sh
# SPDX-License-Identifier: ISC
# The line that says an --on-retry hook failed names the command: an LF
# or a CR in -m is shown escaped, so that it can start no GitHub workflow
# command ("::add-mask::", "::error::") and no line without "retry: "
# (issue 38).

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-ci.sh
. "$TESTS_DIR/lib-ci.sh"

for sep in '\n' '\r'; do
	# shellcheck disable=SC2059 # $sep: an escape for printf
	name=$(printf "x${sep}::add-mask::secret")
	piped_ 1 env GITHUB_ACTIONS=true "$RETRY" -a 2 -d 0 --on-retry=false \
		-m "$name" false || fail=1
	meant_lines_ github || fail=1
	grep -q '^retry: x\\[nr]::add-mask::secret: --on-retry hook failed (exit status 1)$' \
		err || note_ "no hook line, escaped:" "$(cat -v err)" || fail=1
	returns_ 1 "$RETRY" -a 2 -d 0 --on-retry=false -m "$name" false \
		2>err || fail=1
	meant_lines_ || fail=1
done

Exit "$fail"
