#!/bin/sh
# SPDX-License-Identifier: ISC
# A store's name that /etc/hosts has, with an IPv4 address only, is
# answered from it, both families, with no query to the name servers (as
# getaddrinfo() does for "hosts: files dns"): the name does not leak to
# DNS, and the run does not wait for an AAAA answer. Where nsswitch.conf
# puts dns before files, the name servers are asked first, as the system
# would. The resolver (UDP on 127.0.0.1:53 in a network namespace, whose
# /etc files ip netns exec puts in place) logs each query's name and
# type, and answers A for the name.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"
# shellcheck source=lib-redis.sh
. "$TESTS_DIR/lib-redis.sh"
require_ns_date_
# shellcheck source=lib-netns.sh
. "$TESTS_DIR/lib-netns.sh"

ns=$netns_prefix_-hosts
netns_ "$ns"
netns_etc_ "$ns" resolv.conf 'nameserver 127.0.0.1'
netns_etc_ "$ns" hosts '127.0.0.1 localhost
127.0.0.1 redis.example.internal'
a_only_resolver_ "$ns"
netns_redis_ "$ns"

# store_used_ BUDGET: the run of retry used BUDGET in the server, silently.
store_used_() {
	expect_empty err || return 1
	test "$(ip netns exec "$ns" redis-cli -p "$port" exists \
		"retry:{$1}:budget")" = 1 || note_ "no budget $1 in the server"
}

timed_ 0 ip netns exec "$ns" "$RETRY" -a 1 --budget=a \
	--store="redis://redis.example.internal:$port" -- true 2>err || fail=1
store_used_ a || fail=1
if grep redis.example.internal queries >asked 2>/dev/null; then
	note_ "the name went to DNS:" "$(cat asked)"
	fail=1
fi
test "$ms" -lt 1000 || note_ "took $ms ms" || fail=1

# dns before files: the name servers answer first.
if test -f /etc/nsswitch.conf; then
	netns_etc_ "$ns" nsswitch.conf 'hosts: dns files'
	returns_ 0 ip netns exec "$ns" "$RETRY" -a 1 --budget=b \
		--store="redis://redis.example.internal:$port" -- true 2>err ||
		fail=1
	store_used_ b || fail=1
	grep -q '^redis.example.internal 1$' queries ||
		note_ "with dns first, A was not asked:" "$(cat queries)" ||
		fail=1
fi

Exit "$fail"
