#!/bin/sh
# SPDX-License-Identifier: ISC
# A password sent over redis:// to a store that is not on loopback: the
# budget is used and one line warns that the password goes in clear and
# suggests rediss://, whether the password is in the URL or in
# RETRY_STORE_PASSWORD, and whether the URL names the address or a name
# for it.  To loopback (127/8, ::1, a name for them) no such warning.  The
# password itself is never printed.  The store is in a network namespace,
# on 10.250.24.1, the runs in another one, on 10.250.24.2, joined by veth.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"
# shellcheck source=lib-redis.sh
. "$TESTS_DIR/lib-redis.sh"
# shellcheck source=lib-netns.sh
. "$TESTS_DIR/lib-netns.sh"

pw=Cl3arPa55-$$
srv=$netns_prefix_-srv cli=$netns_prefix_-cli
netns_ "$srv"
netns_ "$cli"
ip link add "rt$$s" netns "$srv" type veth peer name "rt$$c" netns "$cli" ||
	framework_failure_ "cannot add a veth pair"
{ ip -n "$srv" addr add 10.250.24.1/24 dev "rt$$s" &&
	ip -n "$cli" addr add 10.250.24.2/24 dev "rt$$c" &&
	ip -n "$srv" link set "rt$$s" up && ip -n "$cli" link set "rt$$c" up; } ||
	framework_failure_ "cannot set the veth pair up"
# Names for the runs: one for the store's address, two for loopback.
netns_etc_ "$cli" hosts '127.0.0.1 localhost
::1 localhost
10.250.24.1 store.example.test'
netns_etc_ "$srv" hosts '127.0.0.1 localhost
::1 localhost store6.example.test'

ip netns exec "$srv" redis-server --port 6379 \
	--bind 10.250.24.1 127.0.0.1 127.0.0.5 -::1 --requirepass "$pw" \
	--save '' --appendonly no --daemonize no --logfile "$PWD/redis.log" 9>&- &
bg_ $!
srv_cli_() {
	ip netns exec "$srv" redis-cli -h 10.250.24.1 -p 6379 -a "$pw" \
		--no-auth-warning "$@"
}
i=0
until test "$(srv_cli_ ping 2>/dev/null)" = PONG; do
	i=$((i + 1))
	test $i -lt 100 || framework_failure_ "redis-server did not start:" \
		"$(cat redis.log)"
	sleep 0.05
done

# used_ NAME: the budget NAME is in the store.
used_() {
	test "$(srv_cli_ exists "retry:{$1}:budget")" = 1 ||
		note_ "budget $1 was not used:" "$(srv_cli_ keys '*' | sort | tr '\n' ' ')"
}

# clear_ NAME HOST FILE: FILE has the warning for NAME and HOST, once.
clear_() {
	test "$(grep -c 'password goes in clear' "$3")" = 1 &&
		grep -Fqx "retry: warning: budget $1: the store's password goes in clear to $2; use rediss:// (TLS)" "$3" ||
		note_ "not one warning for $1 to $2:" "$(cat "$3")" || return 1
	if grep -q 'cannot be used' "$3"; then
		note_ "budget $1 was not used:" "$(cat "$3")"
		return 1
	fi
}

# not_clear_ NAME FILE: no warning at all in FILE, and NAME was used.
not_clear_() {
	if grep -q 'warning' "$2"; then
		note_ "a warning for $1:" "$(cat "$2")"
		return 1
	fi
	used_ "$1"
}

# The password in the URL, three attempts (three calls to the store).
returns_ 3 ip netns exec "$cli" "$RETRY" -a 3 -d 1ms --budget=u \
	--store="redis://:$pw@10.250.24.1:6379" -- sh -c 'exit 3' >out1 2>err1 ||
	fail=1
clear_ u 10.250.24.1 err1 || fail=1
used_ u || fail=1
# The password in RETRY_STORE_PASSWORD, JSON messages.
RETRY_STORE_PASSWORD=$pw returns_ 0 ip netns exec "$cli" "$RETRY" \
	--log-format=json --budget=e --store=redis://10.250.24.1 -- true \
	>out2 2>err2 || fail=1
test "$(grep -c 'password goes in clear' err2)" = 1 ||
	note_ "no warning for RETRY_STORE_PASSWORD:" "$(cat err2)" || fail=1
used_ e || fail=1
# A name for the address, an ACL user.
srv_cli_ acl setuser alice on ">$pw-a" '~retry:*' '+@all' >/dev/null ||
	framework_failure_ "cannot add an ACL user"
returns_ 0 ip netns exec "$cli" "$RETRY" -v --budget=n \
	--store="redis://alice:$pw-a@store.example.test:6379" -- true \
	>out3 2>err3 || fail=1
clear_ n store.example.test err3 || fail=1
used_ n || fail=1
# A wrong password: still in clear, and refused.
returns_ 0 ip netns exec "$cli" "$RETRY" --budget=w \
	--store="redis://:Wr0ng-$pw@10.250.24.1:6379" -- true >out4 2>err4 || fail=1
test "$(grep -c 'password goes in clear' err4)" = 1 ||
	note_ "no warning for the wrong password:" "$(cat err4)" || fail=1

# Loopback: 127.0.0.1, another address of 127/8, ::1 by a name, localhost.
returns_ 3 ip netns exec "$srv" "$RETRY" -a 3 -d 1ms --budget=l1 \
	--store="redis://:$pw@127.0.0.1:6379" -- sh -c 'exit 3' >out5 2>err5 || fail=1
not_clear_ l1 err5 || fail=1
RETRY_STORE_PASSWORD=$pw returns_ 0 ip netns exec "$srv" "$RETRY" --budget=l2 \
	--store=redis://127.0.0.5 -- true >out6 2>err6 || fail=1
not_clear_ l2 err6 || fail=1
returns_ 0 ip netns exec "$srv" "$RETRY" --budget=l3 \
	--store="redis://:$pw@store6.example.test" -- true >out7 2>err7 || fail=1
not_clear_ l3 err7 || fail=1
returns_ 0 ip netns exec "$srv" "$RETRY" --budget=l4 \
	--store="redis://:$pw@localhost:6379" -- true >out8 2>err8 || fail=1
not_clear_ l4 err8 || fail=1

cat out? err? >all
if grep -q "$pw" all; then
	note_ "the password was printed:" "$(grep "$pw" all)"
	fail=1
fi

Exit "$fail"
