#!/bin/sh
# SPDX-License-Identifier: ISC
# A rediss:// store whose certificate does not verify (an unknown CA, the
# system's CAs, another host name, an expired certificate) or whose CA,
# certificate or key file cannot be read (not there, a FIFO) is never used:
# one warning naming the reason, the command runs at once and its status is
# kept, nothing is written in the server.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"
# shellcheck source=lib-redis.sh
. "$TESTS_DIR/lib-redis.sh"

require_tls_

# refused_ NAME URL REASON [VAR=VALUE...]: with the environment VAR=VALUE,
# a failing run of 3 attempts on budget NAME in the store at URL keeps the
# command's status, runs it 3 times, warns once that the budget cannot be
# used because of REASON (a basic regular expression), writes nothing in
# the server and ends in less than 3 s (a failed handshake takes no time,
# a run without the store neither; killed after 5 s).  The password in URL
# is not printed.
refused_() {
	rf_name_=$1 rf_url_=$2 rf_reason_=$3
	shift 3
	rm -f runs
	timed_ 3 timeout -s KILL 5 env "$@" "$RETRY" -a 3 -d 1ms --budget="$rf_name_" \
		--store="$rf_url_" -- sh flaky.sh 99 3 2>err || return 1
	expect_runs 3 || return 1
	test "$(grep -c warning err)" -eq 1 &&
		grep -q "^retry: warning: budget $rf_name_ cannot be used (rediss://.*: $rf_reason_); going on without it\$" err ||
		note_ "$rf_name_: not one warning with '$rf_reason_':" "$(cat err)" ||
		return 1
	grep Pa55word err && { note_ "$rf_name_: the password was printed"; return 1; }
	test "$ms" -lt 3000 || note_ "$rf_name_: took $ms ms" || return 1
	test "$(rcli_tls_ dbsize)" = 0 ||
		note_ "$rf_name_: the server has keys:" "$(rcli_tls_ keys '*')"
}
verify_='TLS: certificate verify failed: '
unknown_ca_="$verify_\\(unable to get local issuer certificate\\|self-signed certificate in certificate chain\\)"

start_redis_tls_
# No RETRY_STORE_CACERT: the system's CAs do not know the test's CA.
refused_ system "rediss://:Pa55word@127.0.0.1:$port" "$unknown_ca_" || fail=1
# An unrelated CA.
refused_ other "rediss://localhost:$port" "$unknown_ca_" \
	RETRY_STORE_CACERT="$certs/other-ca.pem" || fail=1
# A CA file that cannot be read.
refused_ nocafile "$url" "TLS: cannot read RETRY_STORE_CACERT ($PWD/missing.pem): No such file or directory" \
	RETRY_STORE_CACERT="$PWD/missing.pem" || fail=1
# A FIFO that nobody writes to, as the CA, certificate or key file: read,
# it would hold the run forever, past its deadline and SIGTERM.
mkfifo nobody.fifo || framework_failure_ "cannot make a FIFO"
refused_ fifoca "$url" "TLS: cannot read RETRY_STORE_CACERT ($PWD/nobody.fifo): .*" \
	RETRY_STORE_CACERT="$PWD/nobody.fifo" || fail=1
refused_ fifocert "$url" "TLS: cannot read RETRY_STORE_CERT ($PWD/nobody.fifo): .*" \
	RETRY_STORE_CACERT="$certs/ca.pem" RETRY_STORE_CERT="$PWD/nobody.fifo" \
	RETRY_STORE_KEY="$certs/client.key" || fail=1
refused_ fifokey "$url" "TLS: cannot read RETRY_STORE_KEY ($PWD/nobody.fifo): .*" \
	RETRY_STORE_CACERT="$certs/ca.pem" RETRY_STORE_CERT="$certs/client.pem" \
	RETRY_STORE_KEY="$PWD/nobody.fifo" || fail=1
# The server's certificate, as a CA (it is not one).
refused_ leaf "$url" "$verify_.*" RETRY_STORE_CACERT="$certs/server.pem" || fail=1

# A certificate for another name, right CA.
start_redis_tls_ --tls-cert-file "$certs/wrong.pem" --tls-key-file "$certs/wrong.key"
refused_ ipname "rediss://:Pa55word@127.0.0.1:$port" "${verify_}IP address mismatch" \
	RETRY_STORE_CACERT="$certs/ca.pem" || fail=1
refused_ dnsname "rediss://localhost:$port" "${verify_}hostname mismatch" \
	RETRY_STORE_CACERT="$certs/ca.pem" || fail=1

# An expired certificate, right CA, right names.
start_redis_tls_ --tls-cert-file "$certs/expired.pem" --tls-key-file "$certs/expired.key"
refused_ expired "$url" "${verify_}certificate has expired" \
	RETRY_STORE_CACERT="$certs/ca.pem" || fail=1
refused_ expiredname "rediss://localhost:$port" "${verify_}certificate has expired" \
	RETRY_STORE_CACERT="$certs/ca.pem" || fail=1

Exit "$fail"
