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
# A for redis.example.internal is 127.0.0.1; AAAA, and any other name,
# get nothing. Each query's type goes to ./queries.
ip netns exec "$ns" "$python_" -c 'import socket, struct, time
u = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
u.bind(("127.0.0.1", 53))
open("ready", "w").write("ready\n")
end = time.time() + 50
while time.time() < end:
    u.settimeout(end - time.time())
    try:
        q, peer = u.recvfrom(512)
    except OSError:
        break
    i, labels = 12, []
    while q[i]:
        labels.append(q[i + 1:i + 1 + q[i]].decode())
        i += 1 + q[i]
    qtype = struct.unpack(">H", q[i + 1:i + 3])[0]
    with open("queries", "a") as f:
        f.write("%s %d\n" % (".".join(labels), qtype))
    if qtype != 1 or ".".join(labels) != "redis.example.internal":
        continue
    head = q[:2] + struct.pack(">HHHHH", 0x8180, 1, 1, 0, 0)
    answer = struct.pack(">HHHIH", 0xC00C, 1, 1, 60, 4) + bytes([127, 0, 0, 1])
    u.sendto(head + q[12:i + 5] + answer, peer)
' 9>&- &
bg_ $!
wait_lines_ 1 ready || framework_failure_ "the resolver did not start"

# redis-server in the namespace, on a port that is free there.
port=16379
ip netns exec "$ns" redis-server --port "$port" --bind 127.0.0.1 --save '' \
	--appendonly no --daemonize no --logfile "$PWD/redis.log" 9>&- &
bg_ $!
i=0
until ip netns exec "$ns" redis-cli -p "$port" ping 2>/dev/null | grep -q PONG; do
	i=$((i + 1))
	test $i -lt 100 || framework_failure_ "redis-server did not start:" \
		"$(cat redis.log)"
	sleep 0.05
done

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
