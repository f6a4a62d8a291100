#!/bin/sh
# SPDX-License-Identifier: ISC
# rediss:// reads the system's OpenSSL configuration, as every TLS client
# does (issue 39): an openssl.cnf named by OPENSSL_CONF that sets
# MinProtocol = TLSv1.3 makes a run against a redis-server that speaks TLS
# 1.2 only fail open, with a warning that names the protocol; without it
# (OpenSSL's own configuration) the same run uses the budget. retry never
# lowers what the configuration raised (its own floor is TLS 1.2), and a
# configuration that is not a regular file is refused, not read (a FIFO
# would hold the run before any bound).

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"
# shellcheck source=lib-redis.sh
. "$TESTS_DIR/lib-redis.sh"

require_tls_
unset OPENSSL_CONF
start_redis_tls_ --tls-protocols TLSv1.2
RETRY_STORE_CACERT=$certs/ca.pem
export RETRY_STORE_CACERT
b='--budget-ratio=0 --budget-rate=0/s --budget-burst=5'

cat >tls13.cnf <<'EOC' || framework_failure_ "cannot write tls13.cnf"
openssl_conf = openssl_init
[openssl_init]
ssl_conf = ssl_section
[ssl_section]
system_default = system_default_section
[system_default_section]
MinProtocol = TLSv1.3
EOC

# OpenSSL's own configuration: TLS 1.2 is enough, the budget is used.
# shellcheck disable=SC2086 # $b is several words
returns_ 3 "$RETRY" -a 2 -d 1ms --budget=dflt --store="$url" $b \
	-- sh -c 'exit 3' 2>err || fail=1
grep warning err && { note_ "the default configuration: a warning:" "$(cat err)"; fail=1; }
test "$(rcli_tls_ hget 'retry:{dflt}:budget' tokens)" = 4.000000000 ||
	note_ "the default configuration: no budget in the server:" \
		"$(rcli_tls_ keys '*')" || fail=1

# MinProtocol = TLSv1.3: no handshake with a TLS 1.2 server; the run goes
# on without its budget, the command's status kept, and says why.
# shellcheck disable=SC2086
OPENSSL_CONF=$PWD/tls13.cnf returns_ 3 "$RETRY" -a 2 -d 1ms --budget=min13 \
	--store="$url" $b -- sh -c 'exit 3' 2>err || fail=1
grep 'warning: budget min13 cannot be used' err >/dev/null &&
	grep 'TLSv1\.3' err >/dev/null ||
	note_ "MinProtocol = TLSv1.3: no warning that names the protocol:" \
		"$(cat err)" || fail=1
test -z "$(rcli_tls_ keys 'retry:{min13}:*')" ||
	note_ "MinProtocol = TLSv1.3: the budget was used over TLS 1.2" || fail=1

# A configuration that is a FIFO: refused at once, not read; the run goes
# on without its budget.
mkfifo fifo.cnf || framework_failure_ "cannot make a FIFO"
# shellcheck disable=SC2086
OPENSSL_CONF=$PWD/fifo.cnf returns_ 3 timeout 20 "$RETRY" -a 2 -d 1ms \
	--budget=fifo --store="$url" $b -- sh -c 'exit 3' 2>err || fail=1
grep 'fifo.cnf: a FIFO, not a regular file' err >/dev/null ||
	note_ "OPENSSL_CONF a FIFO: not refused as such:" "$(cat err)" || fail=1

Exit "$fail"
