# SPDX-License-Identifier: ISC
# shellcheck shell=sh
# Helpers for the tests of the redis: store, sourced after lib.sh and
# lib-supervise.sh: a real redis-server on a free loopback port, nothing
# saved to disk, stopped when the test exits. The tests skip where
# redis-server is missing or retry was built without the redis: store.

command -v redis-server >/dev/null 2>&1 || skip_ "redis-server is not installed"
command -v redis-cli >/dev/null 2>&1 || skip_ "redis-cli is not installed"
case $("$RETRY" -n --budget=x --store=redis://127.0.0.1:1 2>&1) in
*"no redis: store"*) skip_ "retry was built without the redis: store" ;;
esac

# start_redis_ [ARG...]: redis-server with ARGs on a free port; $port is
# its port, $url its redis:// URL, $redis_pid its pid.
start_redis_() {
	port=$("$python_" -c 'import socket
s = socket.socket()
s.bind(("127.0.0.1", 0))
print(s.getsockname()[1])')
	redis-server --port "$port" --bind 127.0.0.1 --save '' --appendonly no \
		--daemonize no --logfile "$PWD/redis.log" "$@" 9>&- &
	redis_pid=$!
	bg_ $redis_pid
	i_=0
	until rcli_ ping 2>&1 | grep -q 'PONG\|NOAUTH'; do
		i_=$((i_ + 1))
		test $i_ -lt 100 || framework_failure_ "redis-server did not start:" \
			"$(cat redis.log)"
		sleep 0.05
	done
	url=redis://127.0.0.1:$port
}

# rcli_ ARG...: redis-cli against the test's server.
rcli_() { redis-cli -p "$port" --no-auth-warning "$@"; }

# silent_listener_: a server on 127.0.0.1 that takes connections and never
# answers, for 30 s at most; its port is in ./port.
silent_listener_() {
	"$python_" -c 'import socket, time
s = socket.socket()
s.bind(("127.0.0.1", 0))
s.listen(8)
open("port", "w").write("%d\n" % s.getsockname()[1])
conns = []
end = time.time() + 30
while time.time() < end:
    s.settimeout(end - time.time())
    try:
        conns.append(s.accept()[0])
    except OSError:
        break
' 9>&- &
	bg_ $!
	wait_lines_ 1 port || framework_failure_ "the listener did not start"
}
