#!/bin/sh
# SPDX-License-Identifier: ISC
# A directory given as the command is said to be one (not "Permission
# denied"): exit 126, at once, never retried (issue 42); so is one that
# the PATH search found, when the PATH holds nothing else of that name.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

mkdir dir
timed_ 126 "$RETRY" -a 3 --delay=5s -- ./dir >out 2>err || fail=1
test "$ms" -lt 4000 || note_ "took ${ms}ms: the command was retried" || fail=1
echo 'retry: ./dir: is a directory (cannot run it)' >exp
cmp -s err exp || note_ "retry ./dir said:" "$(cat err)" || fail=1
expect_empty out || fail=1

returns_ 126 "$RETRY" -a 1 "$PWD/dir/" 2>err || fail=1
grep -x "retry: $PWD/dir/: is a directory (cannot run it)" err >/dev/null ||
	note_ "retry $PWD/dir/ said:" "$(cat err)" || fail=1

# A file without the execute bit is still refused as it was.
printf '#!/bin/sh\nexit 0\n' >plain
chmod 644 plain
returns_ 126 "$RETRY" -a 1 ./plain 2>err || fail=1
grep 'is a directory' err >/dev/null &&
	note_ "a plain file is said to be a directory:" "$(cat err)" && fail=1

# Found through PATH: a directory alone is said to be one; a directory
# and a file that cannot be run, Permission denied (the file is what the
# user meant to run).
mkdir -p p1/tool p2
returns_ 126 env PATH="$PWD/p1:$PATH" "$RETRY" -a 1 tool 2>err || fail=1
grep -x 'retry: tool: is a directory (cannot run it)' err >/dev/null ||
	note_ "retry tool (a directory in PATH) said:" "$(cat err)" || fail=1
cp plain p2/tool
returns_ 126 env PATH="$PWD/p1:$PWD/p2:$PATH" "$RETRY" -a 1 tool 2>err || fail=1
grep -x 'retry: tool: Permission denied (cannot run it)' err >/dev/null ||
	note_ "retry tool (a directory, then a plain file) said:" "$(cat err)" ||
	fail=1

Exit "$fail"
