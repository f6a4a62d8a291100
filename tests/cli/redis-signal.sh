#!/bin/sh
# SPDX-License-Identifier: ISC
# SIGTERM while retry waits for a redis: store that does not answer ends
# retry at once, as during a sleep: the command never runs.  So does
# SIGTERM during a TLS handshake (rediss://) that never ends.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"
# shellcheck source=lib-redis.sh
. "$TESTS_DIR/lib-redis.sh"

silent_listener_

# term_in_call_ SCHEME GOT: retry with a store at SCHEME://, the silent
# listener, gets SIGTERM from the listener as soon as its first bytes
# (GOT: plain, or tls for a TLS hello) are there: it dies of it (143)
# within 1 s, says nothing of the store and runs nothing.
term_in_call_() {
	rm -f got termed ran
	: >term-pid
	"$RETRY" --budget=s --store="$1://127.0.0.1:$(cat port)" -- touch ran 2>err &
	pid=$!
	echo $pid >term-pid
	wait $pid
	st=$?
	end=$(now_ms)
	rm term-pid
	test "$(cat got 2>/dev/null)" = "$2" ||
		note_ "$1: the listener got '$(cat got 2>/dev/null)', not $2:" "$(cat err)" ||
		return 1
	test -s termed || note_ "$1: the listener sent no SIGTERM" || return 1
	test $st -eq 143 || note_ "$1: retry exited $st, not by SIGTERM (143)" || return 1
	ms=$((end - $(cat termed)))
	test $ms -lt 1000 || note_ "$1: retry took $ms ms to end" || return 1
	test ! -e ran || note_ "$1: the command ran after SIGTERM" || return 1
	! grep 'cannot be used' err || note_ "$1: a warning before dying"
}

term_in_call_ redis plain || fail=1
# rediss://: retry sent its hello and waits (250 ms at most) for the
# server's, which never comes.  A small CA file: loading the system's CAs
# takes time (most of the store's bound under the sanitizers).
if retry_has_tls_ && command -v openssl >/dev/null 2>&1; then
	make_certs_
	RETRY_STORE_CACERT=$certs/ca.pem
	export RETRY_STORE_CACERT
	term_in_call_ rediss tls || fail=1
fi

Exit "$fail"
