#!/bin/sh
# SPDX-License-Identifier: ISC
# A rediss:// store that asks for a client certificate: without one, a TLS
# warning and a run without the budget; with RETRY_STORE_CERT and
# RETRY_STORE_KEY, or RETRY_STORE_CERT alone naming a file with both, the
# budget is used; a certificate or key file that cannot be read, or a key
# that does not go with the certificate, is a warning naming its variable.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"
# shellcheck source=lib-redis.sh
. "$TESTS_DIR/lib-redis.sh"

require_tls_
start_redis_tls_ --tls-auth-clients yes
RETRY_STORE_CACERT=$certs/ca.pem
export RETRY_STORE_CACERT
b='--budget-ratio=0 --budget-rate=0/s --budget-burst=5'

# run_ NAME [VAR=VALUE...]: a failing run of 2 attempts on budget NAME with
# the environment VAR=VALUE keeps the command's status and runs it twice;
# its stderr is in ./err.
run_() {
	run_name_=$1
	shift
	rm -f runs
	# shellcheck disable=SC2086
	returns_ 3 env "$@" "$RETRY" -a 2 -d 1ms --budget="$run_name_" --store="$url" \
		$b -- sh flaky.sh 99 3 2>err || return 1
	expect_runs 2
}

# warned_ NAME REASON: ./err is one warning that budget NAME cannot be used
# because of REASON (a basic regular expression), and the server has no
# key for it.
warned_() {
	test "$(grep -c warning err)" -eq 1 &&
		grep -q "^retry: warning: budget $1 cannot be used (rediss://127.0.0.1:$port\(/0\)\?: $2" err ||
		note_ "$1: not one warning with '$2':" "$(cat err)" || return 1
	test "$(rcli_tls_ exists "retry:{$1}:budget")" = 0 ||
		note_ "$1: the server has its budget"
}

# used_ NAME: no warning, and the server has budget NAME with one token
# taken.
used_() {
	grep warning err && { note_ "$1: a warning"; return 1; }
	got_=$(rcli_tls_ hget "retry:{$1}:budget" tokens 2>&1)
	test "$got_" = 4.000000000 ||
		note_ "$1: tokens '$got_' in the server, not 4.000000000"
}

run_ nocert || fail=1
warned_ nocert 'TLS: ' || fail=1
run_ certkey RETRY_STORE_CERT="$certs/client.pem" \
	RETRY_STORE_KEY="$certs/client.key" || fail=1
used_ certkey || fail=1
run_ both RETRY_STORE_CERT="$certs/client-both.pem" || fail=1
used_ both || fail=1
# A certificate that the CA did not sign.
run_ othercert RETRY_STORE_CERT="$certs/other-ca.pem" \
	RETRY_STORE_KEY="$certs/other-ca.key" || fail=1
warned_ othercert 'TLS: ' || fail=1
# Files that cannot be read.
run_ nocertfile RETRY_STORE_CERT="$PWD/missing.pem" \
	RETRY_STORE_KEY="$certs/client.key" || fail=1
warned_ nocertfile "TLS: cannot read RETRY_STORE_CERT ($PWD/missing.pem): No such file or directory)" || fail=1
run_ nokeyfile RETRY_STORE_CERT="$certs/client.pem" \
	RETRY_STORE_KEY="$PWD/missing.key" || fail=1
warned_ nokeyfile "TLS: cannot read RETRY_STORE_KEY ($PWD/missing.key): No such file or directory)" || fail=1
# A certificate without its key (RETRY_STORE_KEY unset, none in the file).
run_ nokey RETRY_STORE_CERT="$certs/client.pem" || fail=1
warned_ nokey 'TLS: .*RETRY_STORE_\(CERT\|KEY\)' || fail=1
# A key that is not the certificate's, a key without a certificate.
run_ otherkey RETRY_STORE_CERT="$certs/client.pem" \
	RETRY_STORE_KEY="$certs/server.key" || fail=1
warned_ otherkey 'TLS: .*RETRY_STORE_KEY' || fail=1
run_ onlykey RETRY_STORE_KEY="$certs/client.key" || fail=1
warned_ onlykey 'TLS: .*RETRY_STORE_KEY' || fail=1

Exit "$fail"
