# SPDX-License-Identifier: ISC
# shellcheck shell=sh
# Helpers for the tests that need network namespaces of their own (a
# resolver that never answers, a store that is not on loopback), sourced
# after lib.sh and lib-supervise.sh.  They need root and `ip netns`, and
# skip otherwise.  Each namespace, and its /etc/netns/NAME, is named after
# the test's pid and removed when the test exits.

test "$(id -u)" = 0 || skip_ "network namespaces need root"
command -v ip >/dev/null 2>&1 || skip_ "ip (iproute2) is not installed"
netns_prefix_=retry-$$
ip netns add "$netns_prefix_-probe" 2>/dev/null ||
	skip_ "cannot make a network namespace (ip netns add)"
ip netns del "$netns_prefix_-probe"

# netns_ NS: a network namespace NS (named $netns_prefix_-SOMETHING) with lo
# up, removed at exit with its /etc/netns/NS.
netns_() {
	ip netns add "$1" || framework_failure_ "cannot add netns $1"
	at_exit_ "ip netns del $1 2>/dev/null; rm -rf /etc/netns/$1"
	ip -n "$1" link set lo up || framework_failure_ "cannot set lo up in $1"
}

# netns_etc_ NS FILE CONTENT: /etc/FILE is CONTENT for what runs in NS.
netns_etc_() {
	{ mkdir -p "/etc/netns/$1" && printf '%s\n' "$3" >"/etc/netns/$1/$2"; } ||
		framework_failure_ "cannot write /etc/netns/$1/$2"
}

# a_only_resolver_ NS: a DNS server on 127.0.0.1:53 in NS that answers A
# for redis.example.internal with 127.0.0.1 and nothing else (no AAAA, no
# other name), writing each query's name and type as a line of
# ./queries; for 50 s at most.
a_only_resolver_() {
	ip netns exec "$1" "$python_" -c 'import socket, struct, time
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
}

# netns_redis_ NS: redis-server in NS on 127.0.0.1, on a port that is
# free there ($port).
netns_redis_() {
	port=16379
	ip netns exec "$1" redis-server --port "$port" --bind 127.0.0.1 --save '' \
		--appendonly no --daemonize no --logfile "$PWD/redis.log" 9>&- &
	bg_ $!
	i=0
	until ip netns exec "$1" redis-cli -p "$port" ping 2>/dev/null | grep -q PONG; do
		i=$((i + 1))
		test $i -lt 100 || framework_failure_ "redis-server did not start:" \
			"$(cat redis.log)"
		sleep 0.05
	done
}

