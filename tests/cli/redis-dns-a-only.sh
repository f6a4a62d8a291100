#!/bin/sh
# SPDX-License-Identifier: ISC
# A resolver that answers A queries and never AAAA (some do, and some
# middleboxes drop AAAA): the A answer is used once the AAAA query has had
# its grace (RFC 8305's 50 ms), so the store works, with no warning, well
# inside its bound; a resolver that answers neither still gives the
# warning. The resolver (UDP on 127.0.0.1:53 in a network namespace)
# logs the type of each query it gets, so the test knows AAAA was asked.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"
# shellcheck source=lib-redis.sh
. "$TESTS_DIR/lib-redis.sh"
require_ns_date_
# shellcheck source=lib-netns.sh
. "$TESTS_DIR/lib-netns.sh"

ns=$netns_prefix_-aonly
netns_ "$ns"
netns_etc_ "$ns" resolv.conf 'nameserver 127.0.0.1'
netns_etc_ "$ns" hosts '127.0.0.1 localhost'
a_only_resolver_ "$ns"
netns_redis_ "$ns"

timed_ 1 ip netns exec "$ns" "$RETRY" -a 2 -d 1ms --budget=a \
	--store="redis://redis.example.internal:$port" -- false 2>err || fail=1
grep -q 'cannot be used' err && { note_ "the A answer was not used:" "$(cat err)"; fail=1; }
test "$ms" -lt 1000 || note_ "took $ms ms" || fail=1
test "$(ip netns exec "$ns" redis-cli -p "$port" exists 'retry:{a}:budget')" = 1 ||
	note_ "no budget in the server:" "$(cat err)" || fail=1
grep -q '^redis.example.internal 28$' queries ||
	note_ "AAAA was not asked:" "$(cat queries)" || fail=1
grep -q '^redis.example.internal 1$' queries ||
	note_ "A was not asked:" "$(cat queries)" || fail=1

# A name it answers nothing for: the warning, in the store's bound.
timed_ 0 ip netns exec "$ns" "$RETRY" -a 1 --budget=a \
	--store="redis://other.example.internal:$port" -- true 2>err2 || fail=1
grep -q 'cannot resolve other.example.internal: no answer in time' err2 ||
	note_ "no warning for the silent name:" "$(cat err2)" || fail=1
test "$ms" -lt 1000 || note_ "the silent name took $ms ms" || fail=1

Exit "$fail"
