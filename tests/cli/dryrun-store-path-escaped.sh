#!/bin/sh
# SPDX-License-Identifier: ISC
# -n --budget prints the store's path on stdout, which a CI runner reads
# for workflow commands as it reads stderr: an LF or a CR in the path is
# shown escaped (\n, \r), as in retry's messages, so that no line starts
# "::error::" (issue 38).

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

for sep in '\n' '\r'; do
	# shellcheck disable=SC2059 # $sep: an escape for printf
	dir=$(printf "st${sep}::error::pwned")
	mkdir "$dir" || framework_failure_ "cannot make a directory so named"
	returns_ 0 "$RETRY" -n -a 2 --budget=b --store="file:$PWD/$dir" true \
		>out 2>err || fail=1
	grep -q "^budget b in file:.*/st\\\\[nr]::error::pwned: " out ||
		note_ "no budget line, escaped:" "$(cat -v out)" || fail=1
	LC_ALL=C grep -n -e "$(printf '\r')" -e '^::' out >bad
	expect_empty bad || fail=1
	rm -rf "$dir"
done

Exit "$fail"
