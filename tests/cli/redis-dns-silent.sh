#!/bin/sh
# SPDX-License-Identifier: ISC
# A store whose name the resolver never answers for (a network namespace
# whose resolv.conf names a UDP socket that reads queries and never
# replies): with -D 1s the run ends within 1.3 s, runs the command and
# keeps its status, with one warning naming the name resolution; without
# -D the warning comes within the store's bound (250 ms; asserted under
# 1 s) and the command runs.  The socket counts the queries it got, so the
# resolver was asked.  And an /etc/hosts that is a FIFO is refused at once.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"
case $("$RETRY" -n --budget=x --store=redis://127.0.0.1:1 2>&1) in
*"no redis: store"*) skip_ "retry was built without the redis: store" ;;
esac
require_ns_date_
# shellcheck source=lib-netns.sh
. "$TESTS_DIR/lib-netns.sh"

ns=$netns_prefix_-dns
netns_ "$ns"
netns_etc_ "$ns" resolv.conf 'nameserver 127.0.0.1'
netns_etc_ "$ns" hosts '127.0.0.1 localhost
::1 localhost'
# The resolver: UDP and TCP on 127.0.0.1:53, in the namespace, for 50 s at
# most; each datagram or connection adds a line to ./queries.
ip netns exec "$ns" "$python_" -c 'import select, socket, time
u = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
u.bind(("127.0.0.1", 53))
t = socket.socket()
t.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
t.bind(("127.0.0.1", 53))
t.listen(8)
open("ready", "w").write("ready\n")
conns, end = [], time.time() + 50
while time.time() < end:
    r = select.select([u, t], [], [], end - time.time())[0]
    for s in r:
        if s is u:
            s.recvfrom(512)
        else:
            conns.append(s.accept()[0])
        with open("queries", "a") as f:
            f.write("udp\n" if s is u else "tcp\n")
' 9>&- &
bg_ $!
wait_lines_ 1 ready || framework_failure_ "the resolver did not start"
url=redis://redis.example.internal:6379

# check_warning_ FILE: FILE has one warning, the one naming the resolution.
check_warning_() {
	test "$(grep -c warning "$1")" = 1 ||
		note_ "not one warning:" "$(cat "$1")" || return 1
	grep -q "^retry: warning: budget x cannot be used (redis://redis\.example\.internal:6379[^ ]*: cannot resolve redis\.example\.internal: .*); going on without it\$" "$1" ||
		note_ "not the warning for the name:" "$(cat "$1")"
}

timed_ 0 ip netns exec "$ns" "$RETRY" --budget=x --store="$url" -a 1 -D 1s \
	-- touch ran 2>err1 || fail=1
test "$ms" -lt 1300 || note_ "-D 1s took $ms ms" || fail=1
test -e ran || note_ "the command did not run (-D 1s)" || fail=1
check_warning_ err1 || fail=1
test "$(nlines queries)" -ge 1 || note_ "the resolver was not asked" || fail=1

# The command's status is kept.
timed_ 3 ip netns exec "$ns" "$RETRY" --budget=x --store="$url" -a 1 -D 1s \
	-- sh -c 'exit 3' 2>err2 || fail=1
test "$ms" -lt 1300 || note_ "-D 1s, status 3: took $ms ms" || fail=1
check_warning_ err2 || fail=1

# No deadline: the store's bound alone.
q0=$(nlines queries)
timed_ 0 ip netns exec "$ns" "$RETRY" --budget=x --store="$url" -a 1 \
	-- touch ran3 2>err3 || fail=1
test "$ms" -lt 1000 || note_ "without -D, took $ms ms" || fail=1
test -e ran3 || note_ "the command did not run (no -D)" || fail=1
check_warning_ err3 || fail=1
test "$(nlines queries)" -gt "$q0" ||
	note_ "the resolver was not asked (no -D)" || fail=1

# An /etc/hosts that is a FIFO (which c-ares would read, blocking, before
# any bound): the store is refused at once, the command runs.
mkfifo hosts.fifo || framework_failure_ "mkfifo"
# shellcheck disable=SC2016 # expanded by the inner sh
timed_ 0 unshare -m sh -c 'mount --bind "$1" /etc/hosts && shift && exec "$@"' \
	sh "$PWD/hosts.fifo" "$RETRY" --budget=x --store="$url" -a 1 -D 1s \
	-- touch ran4 2>err4 || fail=1
test "$ms" -lt 1300 || note_ "a FIFO for /etc/hosts: took $ms ms" || fail=1
test -e ran4 || note_ "the command did not run (FIFO)" || fail=1
grep -q 'cannot resolve redis.example.internal: /etc/hosts is not a regular file' err4 ||
	note_ "no warning for the FIFO:" "$(cat err4)" || fail=1

Exit "$fail"
