#!/bin/sh
# SPDX-License-Identifier: ISC
# rediss:// at a Redis that does not speak TLS, and redis:// at one that
# speaks only TLS: a warning (a TLS one for the first), the command runs,
# its status is kept, and the store's time bound holds: with -D 1s the run
# is not held to its deadline.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"
# shellcheck source=lib-redis.sh
. "$TESTS_DIR/lib-redis.sh"

require_tls_

# not_used_ NAME URL REASON: a failing run of 3 attempts with -D 1s on
# budget NAME in the store at URL keeps the command's status, runs it 3
# times, warns once that the budget cannot be used because of REASON (a
# basic regular expression), and ends in less than 1.5 s: the store gives
# up after 250 ms at most.
not_used_() {
	rm -f runs
	timed_ 3 "$RETRY" -a 3 -d 1ms -D 1s --budget="$1" --store="$2" \
		-- sh flaky.sh 99 3 2>err || return 1
	expect_runs 3 || return 1
	test "$(grep -c warning err)" -eq 1 &&
		grep -q "^retry: warning: budget $1 cannot be used ($3" err ||
		note_ "$1: not one warning with '$3':" "$(cat err)" || return 1
	test "$ms" -lt 1500 || note_ "$1: took $ms ms" || return 1
}

start_redis_
plain_port=$port
start_redis_tls_
tls_port=$port
RETRY_STORE_CACERT=$certs/ca.pem
export RETRY_STORE_CACERT

not_used_ tlsplain "rediss://127.0.0.1:$plain_port" "rediss://127.0.0.1:$plain_port\\(/0\\)\\?: TLS: " ||
	fail=1
port=$plain_port
test "$(rcli_ dbsize)" = 0 || note_ "the plain server has keys:" "$(rcli_ keys '*')" ||
	fail=1
not_used_ plaintls "redis://127.0.0.1:$tls_port" "redis://127.0.0.1:$tls_port\\(/0\\)\\?: " ||
	fail=1
port=$tls_port
test "$(rcli_tls_ dbsize)" = 0 ||
	note_ "the TLS server has keys:" "$(rcli_tls_ keys '*')" || fail=1

Exit "$fail"
