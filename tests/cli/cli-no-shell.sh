#!/bin/sh
# SPDX-License-Identifier: ISC
# The command runs with execvp semantics on its argv, never through a shell.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

returns_ 0 "$RETRY" printf '%s\n' '$HOME' '*' 'a;b' '$(touch pwned)' '`touch pwned`' \
	'x|y' '"q"' ' two  spaces ' >out 2>err || fail=1
printf '%s\n' '$HOME' '*' 'a;b' '$(touch pwned)' '`touch pwned`' \
	'x|y' '"q"' ' two  spaces ' >exp
cmp -s out exp || note_ "the arguments were rewritten:" "$(cat out)" || fail=1
test ! -e pwned || note_ "a shell expanded the arguments" || fail=1

# A command line in one word is a command name, not shell code.
returns_ 127 "$RETRY" -a 2 'touch pwned' 2>err || fail=1
returns_ 127 "$RETRY" -a 2 'touch pwned;' 2>err || fail=1
test ! -e pwned || note_ "a shell ran 'touch pwned'" || fail=1

# PATH is searched, as execvp does.
mkdir bin
printf '#!/bin/sh\necho found\n' >bin/retry-test-helper
chmod +x bin/retry-test-helper
returns_ 0 env PATH="$PWD/bin:$PATH" "$RETRY" retry-test-helper >out 2>err || fail=1
test "$(cat out)" = found || note_ "the command was not found in PATH" || fail=1

# execvp also runs an executable script without a #! line, with /bin/sh.
printf 'echo no-shebang\n' >bin/plain-script
chmod +x bin/plain-script
returns_ 0 "$RETRY" ./bin/plain-script >out 2>err || fail=1
test "$(cat out)" = no-shebang || note_ "a script without #! did not run" ||
	fail=1

Exit "$fail"
