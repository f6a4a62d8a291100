#!/bin/sh
# SPDX-License-Identifier: ISC
# A FIFO in a directory of CAs (RETRY_STORE_CACERT=DIR, or SSL_CERT_DIR=DIR)
# under the hashed name that the server's chain looks up never holds the
# rediss:// store: read, it would wait for a writer for ever, before the
# first attempt, past the deadline and SIGTERM.  It is passed over, and the
# next file of the same hash is still read: with the CA behind it, the
# server is verified and the budget used; with the FIFO alone, one warning
# names it, the command runs at once and its status is kept.  The FIFO is
# left as it is.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"
# shellcheck source=lib-redis.sh
. "$TESTS_DIR/lib-redis.sh"

require_tls_
command -v timeout >/dev/null || skip_ "timeout(1) is not available"
start_redis_tls_
hash=$(openssl x509 -hash -noout -in "$certs/ca.pem") ||
	framework_failure_ "cannot hash the CA's name"
mkdir d && mkfifo "d/$hash.0" && cp "$certs/ca.pem" "d/$hash.1" ||
	framework_failure_ "cannot make the CA directory"

# run_ NAME VAR=VALUE: a run of one failing attempt on budget NAME, with
# the environment VAR=VALUE, keeps the command's status and runs it once,
# within a second or so (killed after 10 s); retry's stderr is in ./err.
run_() {
	rm -f runs
	timed_ 3 timeout -s KILL 10 env "$2" "$RETRY" -D 2s -a 1 --budget="$1" \
		--store="$url" -- sh flaky.sh 99 3 2>err || return 1
	expect_runs 1 || return 1
	test "$ms" -lt 5000 || note_ "$1: took $ms ms"
}

# The CA at $hash.1, behind the FIFO: verified, the budget used.
if run_ behind RETRY_STORE_CACERT="$PWD/d"; then
	! grep warning err || note_ "a warning:" "$(cat err)" || fail=1
	test "$(rcli_tls_ exists 'retry:{behind}:budget')" = 1 ||
		note_ "the budget is not in the server:" "$(rcli_tls_ keys '*')" ||
		fail=1
else
	fail=1
fi

# The FIFO alone, through either variable: one warning that names it.
rm "d/$hash.1"
for var in RETRY_STORE_CACERT SSL_CERT_DIR; do
	run_ "$var" "$var=$PWD/d" || { fail=1; continue; }
	test "$(grep -c warning err)" -eq 1 &&
		grep -q "^retry: warning: budget $var cannot be used (rediss://.*: TLS: certificate verify failed: \(unable to get local issuer certificate\|self-signed certificate in certificate chain\) (passed over .*/d/$hash.0: a FIFO, not a regular file)); going on without it\$" err ||
		note_ "$var: not one warning naming the FIFO:" "$(cat err)" || fail=1
	test "$(rcli_tls_ exists "retry:{$var}:budget")" = 0 ||
		note_ "$var: the budget is in the server" || fail=1
done
test -p "d/$hash.0" || note_ "the FIFO is gone" || fail=1

Exit "$fail"
