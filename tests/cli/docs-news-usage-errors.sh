#!/bin/sh
# SPDX-License-Identifier: ISC
# What NEWS says of usage errors holds: an ambiguous abbreviation is named
# with the options it could mean; a mistyped option only as unrecognized,
# so NEWS must not promise candidates for it.
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

news=$TESTS_DIR/../../NEWS
test -f "$news" || framework_failure_ "missing $news"

returns_ 125 "$RETRY" --de 3 true 2>err || fail=1
grep -e "--delay" err >/dev/null && grep -e "--deadline" err >/dev/null ||
	note_ "--de: no candidates:" "$(cat err)" || fail=1

returns_ 125 "$RETRY" --atempts 3 true 2>err || fail=1
if ! grep -e "--attempts" err >/dev/null; then
	# NEWS, its lines joined: no word of suggestions for a mistyped one.
	if tr '\n' ' ' <"$news" | grep -i 'mistyped[^.]*named with' \
	    >/dev/null; then
		note_ "NEWS says a mistyped option is named with candidates;" \
		    "retry says: $(head -n 1 err)" || fail=1
	fi
fi
grep -i 'ambiguous' "$news" >/dev/null ||
	note_ "NEWS says nothing of ambiguous options" || fail=1

Exit "$fail"
