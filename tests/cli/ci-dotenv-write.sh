#!/bin/sh
# SPDX-License-Identifier: ISC
# --ci-dotenv=FILE writes attempts, exit_status and gave_up, one
# KEY=VALUE a line, outside CI and with --ci=off too (it is asked for by
# name): FILE is replaced whole (renamed over, a new inode, the old mode
# kept), never appended to, and no temporary file is left.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-ci.sh
. "$TESTS_DIR/lib-ci.sh"

printf 'old=1\nolder=2\nmore=3\nlines=4\n' >d.env
chmod 640 d.env
ino=$(stat -c %i d.env)
returns_ 0 "$RETRY" -q --ci=off -a 5 -d 0 --ci-dotenv=d.env sh say.sh 2 \
	>out 2>err || fail=1
printf 'attempts=3\nexit_status=0\ngave_up=false\n' >exp
cmp -s exp d.env || note_ "the dotenv file holds:" "$(cat d.env)" || fail=1
test "$(stat -c %i d.env)" != "$ino" ||
	note_ "the file was written in place, not replaced" || fail=1
case $(ls -l d.env) in
-rw-r-----*) ;;
*) note_ "the mode was not kept:" "$(ls -l d.env)"; fail=1 ;;
esac
ls -a >files
grep '\.tmp' files >bad
expect_empty bad || fail=1

# A give-up, in a directory given by path.
mkdir sub
returns_ 6 "$RETRY" -q -a 2 -d 0 --ci-dotenv=sub/r.env sh -c 'exit 6' \
	>out 2>err || fail=1
printf 'attempts=2\nexit_status=6\ngave_up=true\n' >exp
cmp -s exp sub/r.env || note_ "sub/r.env holds:" "$(cat sub/r.env)" ||
	fail=1

# A link at FILE is replaced by the file, not followed.
echo keep >target
ln -s target link.env
returns_ 0 "$RETRY" -q --ci-dotenv=link.env true >out 2>err || fail=1
test "$(cat target)" = keep || note_ "the link was followed" || fail=1
test -f link.env && test ! -L link.env ||
	note_ "the link is still there" || fail=1

# Not with -n: nothing ran.
returns_ 0 "$RETRY" -n -a 2 --ci-dotenv=dry.env true >out 2>err || fail=1
test ! -e dry.env || note_ "a dry run wrote the report" || fail=1

Exit "$fail"
