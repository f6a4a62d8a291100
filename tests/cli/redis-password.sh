#!/bin/sh
# SPDX-License-Identifier: ISC
# A redis: store with a password: from the URL, or from
# RETRY_STORE_PASSWORD; a wrong one is a warning and a run without the
# budget; the password is never printed.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"
# shellcheck source=lib-redis.sh
. "$TESTS_DIR/lib-redis.sh"

start_redis_ --requirepass 'Pa55word'
host=127.0.0.1:$port
returns_ 1 "$RETRY" -a 2 -d 1ms --log-format=json --budget=p \
	--store="redis://:Pa55word@$host/1" -- false 2>err1 || fail=1
grep -q '"budget":"p"' err1 || note_ "no budget in JSON:" "$(cat err1)" || fail=1
test "$(rcli_ -a Pa55word -n 1 exists retry:{p}:budget)" = 1 ||
	note_ "nothing in DB 1" || fail=1
RETRY_STORE_PASSWORD=Pa55word returns_ 1 "$RETRY" -a 2 -d 1ms --budget=e \
	--store="redis://$host" -- false 2>>err1 || fail=1
test "$(rcli_ -a Pa55word exists retry:{e}:budget)" = 1 ||
	note_ "RETRY_STORE_PASSWORD was not used" || fail=1
# An ACL user whose password is in the environment, which no attempt sees.
rcli_ -a Pa55word acl setuser alice on '>Secret2' '~retry:*' '+@all' >/dev/null ||
	framework_failure_ "cannot add an ACL user"
RETRY_STORE_PASSWORD=Secret2 returns_ 0 "$RETRY" --budget=a \
	--store="redis://alice@$host" -- sh -c 'env >attempt-env' 2>>err1 || fail=1
test "$(rcli_ -a Pa55word exists retry:{a}:budget)" = 1 ||
	note_ "alice's password from RETRY_STORE_PASSWORD was not used:" "$(cat err1)" ||
	fail=1
grep -q RETRY_STORE_PASSWORD attempt-env &&
	{ note_ "the attempt was given RETRY_STORE_PASSWORD"; fail=1; }
# A wrong password: one warning, the command runs, its status stays.
returns_ 3 "$RETRY" -a 2 -d 1ms --budget=w --store="redis://:Wrong99@$host" \
	-- sh -c 'exit 3' 2>>err1 || fail=1
grep -q 'budget w cannot be used (redis://:\*\*\*@127.0.0.1.*WRONGPASS' err1 ||
	note_ "no warning for the wrong password:" "$(cat err1)" || fail=1
returns_ 0 "$RETRY" -n --budget=w --store="redis://:Wrong99@$host" >out1 2>>err1 ||
	fail=1
# A DB that the server does not have: a warning, the command runs.
returns_ 0 "$RETRY" --budget=d --store="redis://:Pa55word@$host/99999" -- true \
	2>>err1 || fail=1
grep -q 'budget d cannot be used (.*DB index is out of range' err1 ||
	note_ "no warning for the DB:" "$(cat err1)" || fail=1
# A bad URL: 125, and its password not shown either.
usage_error_ --budget=b --store="redis://:Pa55word@$host:99999" -- touch ran || fail=1
cat out1 err1 out err >all
grep -q 'Pa55word\|Wrong99\|Secret2' all && { note_ "a password was printed:" "$(cat all)"; fail=1; }

Exit "$fail"
