#!/bin/sh
# SPDX-License-Identifier: ISC
# The file: store: DIR is created 0700; a DIR that is a symlink, another
# user's or writable by others is refused (125, naming --store); a corrupt
# budget file is a fresh budget and a warning; a dry run creates nothing.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

umask 022
returns_ 0 "$RETRY" --budget=b --store=file:"$PWD/new" -- true || fail=1
test "$(stat -c %a new)" = 700 || note_ "DIR mode $(stat -c %a new)" || fail=1
test "$(stat -c %a new/b.budget)" = 600 || fail=1

refused() {
	rm -f ran
	returns_ 125 "$RETRY" --budget=b --store=file:"$PWD/$1" -- touch ran \
		2>err || return 1
	test ! -e ran || note_ "$1: the command ran" || return 1
	grep -q -- "--store=file:.*$2" err || note_ "$1:" "$(cat err)"
}
mkdir real && chmod 700 real && ln -s real link
refused link 'symbolic link' || fail=1
refused link/ 'symbolic link' || fail=1
mkdir shared && chmod 770 shared
refused shared 'written by other users' || fail=1
echo x >plain
refused plain 'Not a directory' || fail=1
refused no/such 'cannot create' || fail=1
if test "$(id -u)" = 0; then
	mkdir theirs && chown 65534 theirs
	refused theirs 'owned by another user' || fail=1
fi

# Corrupt: a warning, a fresh budget, the command's status.
printf 'garbage' >new/b.budget
returns_ 3 "$RETRY" -a 2 -d 1ms --budget=b --store=file:"$PWD/new" \
	-- sh -c 'exit 3' 2>err || fail=1
grep -q 'starting a fresh budget' err || note_ "no warning:" "$(cat err)" || fail=1
grep -q '^retry-budget 1 tokens=' new/b.budget || fail=1
# A symlinked budget file is not followed.
echo precious >target
rm -f new/b.budget && ln -s "$PWD/target" new/b.budget
returns_ 0 "$RETRY" --budget=b --store=file:"$PWD/new" -- true 2>err || fail=1
test "$(cat target)" = precious || note_ "the symlink was followed" || fail=1

# A dry run with a refused store says so before it prints anything.
returns_ 125 "$RETRY" -n --budget=d --store=file:"$PWD/link" >out 2>err || fail=1
expect_empty out || fail=1
grep -q -- '--store=file:.*symbolic link' err || note_ "dry run:" "$(cat err)" || fail=1

# A dry run reads, creates nothing.
returns_ 0 "$RETRY" -n --budget=d --store=file:"$PWD/none" >out || fail=1
grep -q '^budget d in file:.*: 10.00 of 10 tokens (new)' out ||
	note_ "dry run:" "$(cat out)" || fail=1
test ! -e none || note_ "the dry run created DIR" || fail=1

Exit "$fail"
