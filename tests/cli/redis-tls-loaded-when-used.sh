#!/bin/sh
# SPDX-License-Identifier: ISC
# OpenSSL is loaded only by a run that uses rediss://: the attempt reads
# its parent's (retry's) memory map. A run with no budget, or with a
# redis:// or file: store, has no libssl or libcrypto mapped; a run with a
# rediss:// store has (it loads them when the store opens, even when the
# server is not there: then it warns and runs the command).

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

test -r /proc/self/maps || skip_ "no /proc/PID/maps here"
case $("$RETRY" -n --budget=x --store=rediss://127.0.0.1:1 2>&1) in
*"no redis: store"* | *"no TLS"*) skip_ "retry was built without rediss://" ;;
esac

maps_() {
	# shellcheck disable=SC2016 # $PPID is the attempt's
	"$RETRY" -a 1 "$@" -- sh -c 'cat /proc/$PPID/maps' >maps 2>err
}

maps_ || note_ "plain run:" "$(cat err)" || fail=1
grep -q libssl maps || grep -q libcrypto maps &&
	{ note_ "a run without a budget mapped OpenSSL"; fail=1; }
# (A static PIE maps no libc: the stack is in every map.)
grep -q '\[stack\]' maps || note_ "the map was not read:" "$(head -3 maps)" ||
	fail=1
maps_ --budget=x --store=redis://127.0.0.1:1 ||
	note_ "redis:// run:" "$(cat err)" || fail=1
grep -q libssl maps && { note_ "a redis:// run mapped libssl"; fail=1; }
maps_ --budget=x "--store=file:$PWD/st" ||
	note_ "file: run:" "$(cat err)" || fail=1
grep -q libssl maps && { note_ "a file: run mapped libssl"; fail=1; }
maps_ --budget=x --store=rediss://127.0.0.1:1 ||
	note_ "rediss:// run:" "$(cat err)" || fail=1
grep -q libssl maps || note_ "a rediss:// run did not load libssl:" \
	"$(cat err)" || fail=1
grep -q 'cannot be used' err || note_ "no warning for the store:" "$(cat err)" ||
	fail=1

Exit "$fail"
