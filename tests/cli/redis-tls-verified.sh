#!/bin/sh
# SPDX-License-Identifier: ISC
# A rediss:// store whose certificate verifies against RETRY_STORE_CACERT
# (a file, or a directory of hashed certificates): the budget is used over
# TLS, with the host given as an IP address (the certificate's IP SAN) or
# as a name (its DNS SAN, sent with SNI); a password from the URL or from
# RETRY_STORE_PASSWORD goes over TLS and is never printed; a failing run
# keeps the command's status.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"
# shellcheck source=lib-redis.sh
. "$TESTS_DIR/lib-redis.sh"

require_tls_
start_redis_tls_
RETRY_STORE_CACERT=$certs/ca.pem
export RETRY_STORE_CACERT
b='--budget-ratio=0 --budget-rate=0/s --budget-burst=5'
auth=

# used_ NAME TOKENS: the TLS server holds budget NAME with TOKENS left, and
# ./err has no warning.
used_() {
	grep 'warning' err && { note_ "budget $1: a warning:" "$(cat err)"; return 1; }
	# shellcheck disable=SC2086 # $auth: no word or two
	got_=$(rcli_tls_ $auth hget "retry:{$1}:budget" tokens 2>&1)
	test "$got_" = "$2" && return 0
	# shellcheck disable=SC2086
	note_ "budget $1: tokens '$got_' in the server, not $2; keys:" \
		"$(rcli_tls_ $auth keys '*')"
}

# The host as an IP address: 3 attempts, 2 retries paid from the budget,
# the command's status kept.
# shellcheck disable=SC2086
returns_ 3 "$RETRY" -a 3 -d 1ms --budget=ip --store="rediss://127.0.0.1:$port" \
	$b -- sh flaky.sh 99 3 2>err || fail=1
expect_runs 3 || fail=1
used_ ip 3.000000000 || fail=1
# The host as a name: the DNS SAN (and SNI).
rm -f runs
# shellcheck disable=SC2086
returns_ 3 "$RETRY" -a 3 -d 1ms --budget=dns --store="rediss://localhost:$port" \
	$b -- sh flaky.sh 99 3 2>err || fail=1
expect_runs 3 || fail=1
used_ dns 3.000000000 || fail=1
# A DB other than 0.
# shellcheck disable=SC2086 # $b is several words
returns_ 3 "$RETRY" -a 2 -d 1ms --budget=db --store="rediss://localhost:$port/2" $b \
	-- sh -c 'exit 3' 2>err || fail=1
grep 'warning' err && { note_ "DB 2: a warning:" "$(cat err)"; fail=1; }
test "$(rcli_tls_ -n 2 hget 'retry:{db}:budget' tokens)" = 4.000000000 ||
	note_ "DB 2 has not the budget:" "$(rcli_tls_ -n 2 keys '*')" || fail=1
# RETRY_STORE_CACERT as a directory of hashed certificates.
{ mkdir cadir && cp "$certs/ca.pem" cadir/ && openssl rehash cadir 2>/dev/null; } ||
	framework_failure_ "cannot make a hashed CA directory"
# shellcheck disable=SC2086 # $b is several words
returns_ 4 env RETRY_STORE_CACERT="$PWD/cadir" "$RETRY" -a 2 -d 1ms --budget=dir \
	--store="$url" $b -- sh -c 'exit 4' 2>err || fail=1
used_ dir 4.000000000 || fail=1
# A CA file as big as the system's, with the test's CA in it: loading it
# takes time, which must not be the store's.
cat /etc/ssl/certs/ca-certificates.crt /etc/ssl/cert.pem /etc/pki/tls/cert.pem \
	"$certs/ca.pem" >bundle.pem 2>/dev/null
returns_ 0 env RETRY_STORE_CACERT="$PWD/bundle.pem" "$RETRY" --budget=bundle \
	--store="$url" -- sh -c 'exit 0' 2>err || fail=1
grep 'warning' err && { note_ "a CA bundle: a warning"; fail=1; }

# SNI: the host name goes with the handshake, an IP address does not
# (RFC 6066).  The listener ends each connection after the handshake.
sni_listener_
returns_ 0 "$RETRY" --budget=s --store="rediss://localhost:$(cat port)" -- true \
	2>err || fail=1
grep 'certificate verify failed' err && { note_ "localhost was not verified"; fail=1; }
wait_lines_ 1 sni
test "$(sort -u sni)" = localhost || note_ "SNI sent for localhost:" "$(cat sni)" ||
	fail=1
rm sni
returns_ 0 "$RETRY" --budget=s --store="rediss://127.0.0.1:$(cat port)" -- true \
	2>err || fail=1
grep 'certificate verify failed' err && { note_ "127.0.0.1 was not verified"; fail=1; }
wait_lines_ 1 sni
test "$(sort -u sni)" = - || note_ "SNI sent for 127.0.0.1:" "$(cat sni)" || fail=1

# A password: from the URL, then from RETRY_STORE_PASSWORD.
rcli_tls_ config set requirepass Pa55word >/dev/null ||
	framework_failure_ "cannot set a password"
auth='-a Pa55word'
# shellcheck disable=SC2086 # $b is several words
returns_ 3 "$RETRY" -a 3 -d 1ms --budget=pw \
	--store="rediss://:Pa55word@127.0.0.1:$port" $b -- sh -c 'exit 3' 2>err ||
	fail=1
used_ pw 3.000000000 || fail=1
cp err all
# shellcheck disable=SC2086 # $b is several words
returns_ 3 env RETRY_STORE_PASSWORD=Pa55word "$RETRY" -a 2 -d 1ms --budget=env \
	--store="rediss://localhost:$port" $b -- sh -c 'env >attempt-env; exit 3' \
	2>err || fail=1
used_ env 4.000000000 || fail=1
cat err >>all
grep -q RETRY_STORE_PASSWORD attempt-env &&
	{ note_ "the attempt was given RETRY_STORE_PASSWORD"; fail=1; }
# The dry run reads the budget over TLS and shows the URL without the
# password.
# shellcheck disable=SC2086 # $b is several words
returns_ 0 "$RETRY" -n --budget=pw --store="rediss://:Pa55word@127.0.0.1:$port" $b \
	>out 2>>all || fail=1
grep -q "^budget pw in rediss://.*127.0.0.1:$port.*: 3.00 of 5 tokens" out ||
	note_ "dry run:" "$(cat out)" || fail=1
# A wrong password over TLS: one warning, without the password.
returns_ 3 "$RETRY" -a 2 -d 1ms --budget=w --store="rediss://:Wrong99@127.0.0.1:$port" \
	-- sh -c 'exit 3' 2>err || fail=1
grep -q 'budget w cannot be used (rediss://.*WRONGPASS' err ||
	note_ "no warning for the wrong password:" "$(cat err)" || fail=1
cat out err >>all
grep 'Pa55word\|Wrong99' all && { note_ "a password was printed"; fail=1; }

Exit "$fail"
