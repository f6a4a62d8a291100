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

# free_port_: a loopback port that nothing listens on now.
free_port_() {
	"$python_" -c 'import socket
s = socket.socket()
s.bind(("127.0.0.1", 0))
print(s.getsockname()[1])'
}

# start_redis_ [ARG...]: redis-server with ARGs on a free port ($port if
# set_port_ is set); $port is its port, $url its redis:// URL, $redis_pid
# its pid.
start_redis_() {
	test -n "${set_port_-}" || port=$(free_port_)
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
# answers, for 30 s at most; its port is in ./port.  When a connection
# first sends bytes, it adds to ./got a line: "tls" if they begin a TLS
# record (a client's hello), else "plain".  Then, if ./term-pid exists, it
# waits for a pid there (2 s at most), sends that process SIGTERM at once
# and writes the time (ms) to ./termed: a signal to a client that waits for
# the answer.
silent_listener_() {
	"$python_" -c 'import os, select, signal, socket, time
s = socket.socket()
s.bind(("127.0.0.1", 0))
s.listen(8)
open("port", "w").write("%d\n" % s.getsockname()[1])
new, held = [], []
end = time.time() + 30
while time.time() < end:
    ready = select.select([s] + new, [], [], max(0, end - time.time()))[0]
    for r in ready:
        if r is s:
            new.append(s.accept()[0])
            continue
        new.remove(r)
        held.append(r)
        data = r.recv(65536)
        if not data:
            continue
        open("got", "a").write("tls\n" if data[0] == 0x16 else "plain\n")
        if not os.path.exists("term-pid"):
            continue
        pid = ""
        t = time.time() + 2
        while not pid.endswith("\n") and time.time() < t:
            pid = open("term-pid").read()
            time.sleep(0.001)
        if pid.endswith("\n"):
            os.kill(int(pid), signal.SIGTERM)
            open("termed", "w").write("%d\n" % (time.time() * 1000))
' 9>&- &
	bg_ $!
	wait_lines_ 1 port || framework_failure_ "the listener did not start"
}

# listener_py_: the start of a python3 server on 127.0.0.1 for the
# listeners below: its port goes to ./port, and conns() yields the
# connections it takes for 30 s at most, each with a 2 s timeout.
listener_py_='import socket, time
s = socket.socket()
s.bind(("127.0.0.1", 0))
s.listen(8)
open("port", "w").write("%d\n" % s.getsockname()[1])
def conns():
    end = time.time() + 30
    while time.time() < end:
        s.settimeout(end - time.time())
        try:
            c = s.accept()[0]
        except OSError:
            return
        c.settimeout(2)
        yield c
'

# reset_listener_: a server on 127.0.0.1 that reads what each connection
# first sends (a TLS client's hello) and then resets it (SO_LINGER 0: an
# RST, not a FIN), for 30 s at most; its port is in ./port.
reset_listener_() {
	"$python_" -c "$listener_py_"'
import struct
for c in conns():
    try:
        c.recv(65536)
    except OSError:
        pass
    c.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    c.close()
' 9>&- &
	bg_ $!
	wait_lines_ 1 port || framework_failure_ "the listener did not start"
}

# retry_has_tls_: true if this retry takes rediss:// URLs (a build without
# TLS refuses them with 125, saying so).
retry_has_tls_() {
	tls_out_=$("$RETRY" -n --budget=x --store=rediss://127.0.0.1:1 2>&1)
	test $? -ne 125 && return 0
	case $tls_out_ in
	*TLS*) return 1 ;;
	esac
	framework_failure_ "retry refuses rediss:// for another reason:" "$tls_out_"
}

# require_tls_: skip unless openssl is installed and retry has TLS.  The
# system's CAs are OpenSSL's defaults, whatever the caller's SSL_CERT_FILE
# and SSL_CERT_DIR say.
require_tls_() {
	unset SSL_CERT_FILE SSL_CERT_DIR
	command -v openssl >/dev/null 2>&1 || skip_ "openssl is not installed"
	case $(redis-cli --tls --insecure -p 1 ping 2>&1) in
	*Unrecognized*) skip_ "redis-cli has no TLS" ;;
	esac
	retry_has_tls_ || skip_ "retry was built without TLS (rediss://)"
}

# make_cert_ NAME EXTENSIONS [ARG...]: NAME.pem and NAME.key, with the
# extensions of tls.cnf's section EXTENSIONS_ext, self-signed or signed by
# the CA (ARGs -CA ca.pem -CAkey ca.key).
make_cert_() {
	mc_name_=$1 mc_ext_=$2
	shift 2
	openssl req -config tls.cnf -x509 -newkey ec \
		-pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 2 \
		-subj "/CN=retry-test-$mc_name_" -keyout "$mc_name_.key" \
		-out "$mc_name_.pem" -extensions "${mc_ext_}_ext" "$@" 2>>openssl.err
}

# make_certs_: certificates for the TLS tests, made in the test's directory
# with EC P-256 keys (quick to make): each NAME has NAME.pem and NAME.key.
#   ca        the test's CA
#   other-ca  an unrelated CA, that signed nothing here
#   server    signed by ca, for IP:127.0.0.1 and DNS:localhost
#   wrong     signed by ca, for DNS:wrong.example only
#   expired   as server, but valid on 1 January 2020 only
#   client    signed by ca, a client certificate
# and client-both.pem, client's certificate and key in one file.  $certs is
# the directory.
make_certs_() {
	certs=$PWD
	cat >tls.cnf <<'EOC' || framework_failure_ "cannot write tls.cnf"
[req]
distinguished_name = dn
prompt = no
[dn]
CN = unused
[ca_ext]
basicConstraints = critical,CA:TRUE
keyUsage = critical,keyCertSign,cRLSign
subjectKeyIdentifier = hash
[server_ext]
basicConstraints = critical,CA:FALSE
keyUsage = critical,digitalSignature
extendedKeyUsage = serverAuth
subjectAltName = IP:127.0.0.1,DNS:localhost
[wrong_ext]
basicConstraints = critical,CA:FALSE
keyUsage = critical,digitalSignature
extendedKeyUsage = serverAuth
subjectAltName = DNS:wrong.example
[client_ext]
basicConstraints = critical,CA:FALSE
keyUsage = critical,digitalSignature
extendedKeyUsage = clientAuth
[ca]
default_ca = test_ca
[test_ca]
database = ca-index.txt
new_certs_dir = .
serial = ca-serial
default_md = sha256
policy = any
unique_subject = no
[any]
commonName = supplied
EOC
	: >ca-index.txt && echo 01 >ca-serial ||
		framework_failure_ "cannot write the CA's files"
	make_cert_ ca ca && make_cert_ other-ca ca &&
		make_cert_ server server -CA ca.pem -CAkey ca.key &&
		make_cert_ wrong wrong -CA ca.pem -CAkey ca.key &&
		make_cert_ client client -CA ca.pem -CAkey ca.key &&
		cat client.pem client.key >client-both.pem ||
		framework_failure_ "openssl cannot make certificates:" "$(cat openssl.err)"
	# OpenSSL 3.0's x509 and req have no -not_before/-not_after: the CA's
	# own command takes dates.
	openssl req -config tls.cnf -new -newkey ec \
		-pkeyopt ec_paramgen_curve:prime256v1 -nodes \
		-subj /CN=retry-test-expired -keyout expired.key -out expired.csr \
		2>>openssl.err &&
		openssl ca -config tls.cnf -batch -notext -cert ca.pem -keyfile ca.key \
			-startdate 20200101000000Z -enddate 20200102000000Z \
			-extensions server_ext -in expired.csr -out expired.pem \
			>>openssl.err 2>&1 ||
		framework_failure_ "openssl cannot make the expired certificate:" \
			"$(cat openssl.err)"
}

# start_redis_tls_ [ARG...]: redis-server on a free loopback port that
# speaks TLS only, with the certificate server.pem (make_certs_ makes them
# first if needed) and no client certificate asked; ARGs come after and
# override (--tls-cert-file expired.pem, --tls-auth-clients yes).  $port is
# its port, $url its rediss:// URL, $redis_pid its pid.  Skips where
# redis-server has no TLS.
start_redis_tls_() {
	test -e "${certs:-/nonexistent}/ca.pem" || make_certs_
	port=$("$python_" -c 'import socket
s = socket.socket()
s.bind(("127.0.0.1", 0))
print(s.getsockname()[1])')
	rm -f redis.log
	redis-server --port 0 --tls-port "$port" --bind 127.0.0.1 --save '' \
		--appendonly no --daemonize no --logfile "$PWD/redis.log" \
		--tls-cert-file "$certs/server.pem" --tls-key-file "$certs/server.key" \
		--tls-ca-cert-file "$certs/ca.pem" --tls-auth-clients no \
		"$@" 2>redis.err 9>&- &
	redis_pid=$!
	bg_ $redis_pid
	i_=0
	until rcli_tls_ ping 2>&1 | grep -q 'PONG\|NOAUTH'; do
		if ! kill -0 $redis_pid 2>/dev/null; then
			case $(cat redis.err redis.log 2>/dev/null) in
			*[Tt][Ll][Ss]*) skip_ "redis-server has no TLS:" \
				"$(cat redis.err redis.log 2>/dev/null)" ;;
			esac
			framework_failure_ "redis-server (TLS) did not start:" \
				"$(cat redis.err redis.log 2>/dev/null)"
		fi
		i_=$((i_ + 1))
		test $i_ -lt 100 || framework_failure_ "redis-server (TLS) did not" \
			"answer:" "$(cat redis.err redis.log 2>/dev/null)"
		sleep 0.05
	done
	url=rediss://127.0.0.1:$port
}

# rcli_tls_ ARG...: redis-cli over TLS against the test's TLS server,
# whatever its certificate (no verification) and whether or not it asks for
# a client certificate.
rcli_tls_() {
	redis-cli -p "$port" --tls --insecure --cacert "$certs/ca.pem" \
		--cert "$certs/client.pem" --key "$certs/client.key" \
		--no-auth-warning "$@"
}

# sni_listener_: a TLS server on 127.0.0.1 with the certificate server.pem
# that, for each connection, writes the name the client sent with SNI (or
# "-" for none) as a line of ./sni once the handshake is done, then closes
# the connection; for 30 s at most.  Its port is in ./port.
sni_listener_() {
	test -e "${certs:-/nonexistent}/ca.pem" || make_certs_
	"$python_" -c "$listener_py_"'
import ssl, sys
ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
ctx.load_cert_chain(sys.argv[1] + "/server.pem", sys.argv[1] + "/server.key")
names = []
ctx.sni_callback = lambda sock, name, c: names.append(name or "-")
for c in conns():
    del names[:]
    try:
        t = ctx.wrap_socket(c, server_side=True)
        with open("sni", "a") as f:
            f.write("%s\n" % (names[0] if names else "-"))
        t.close()
    except (OSError, ssl.SSLError) as e:
        with open("sni", "a") as f:
            f.write("failed: %s\n" % e)
        c.close()
' "$certs" 9>&- &
	bg_ $!
	wait_lines_ 1 port || framework_failure_ "the TLS listener did not start"
}
