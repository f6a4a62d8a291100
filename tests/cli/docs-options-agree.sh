#!/bin/sh
# SPDX-License-Identifier: ISC
# The option table, --help, the man page and each completion file name the
# same set of long options: an option added to one and forgotten in another
# fails here.
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

top=$TESTS_DIR/../..
for f in src/run/options.c man/retry.1 completions/retry.bash completions/_retry \
    completions/retry.fish; do
	test -f "$top/$f" || framework_failure_ "missing $top/$f"
done

# Each list: one long option per line, sorted, without duplicates.
sed -n 's/^[[:space:]]*{ "\([a-z][a-z-]*\)",[[:space:]]*[a-z_]*_argument,.*/--\1/p' "$top/src/run/options.c" |
	sort -u >table
"$RETRY" --help | grep -o -- '--[a-z][a-z-]*' | sort -u >help
grep -o 'Fl -[a-z][a-z-]*' "$top/man/retry.1" | sed 's/^Fl -/--/' |
	sort -u >man
grep -o -- '--[a-z][a-z-]*' "$top/completions/retry.bash" | sort -u >bash
grep -o -- '--[a-z][a-z-]*' "$top/completions/_retry" | sort -u >zsh
grep '^complete' "$top/completions/retry.fish" | grep -o -- '-l [a-z][a-z-]*' |
	sed 's/^-l /--/' | sort -u >fish

test "$(nlines table)" -ge 30 ||
	fail_ "read only $(nlines table) options from the table in options.c"
for f in help man bash zsh fish; do
	if ! cmp -s table "$f"; then
		note_ "$f does not name the same long options as options.c:" \
		    "$(diff table "$f" | grep '^[<>]' | tr '\n' ' ')"
		fail=1
	fi
done
exit $fail
