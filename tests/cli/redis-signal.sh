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
"$RETRY" --budget=s --store="redis://127.0.0.1:$(cat port)" -- touch ran 2>err &
pid=$!
sleep 0.1
kill -TERM $pid
wait $pid
st=$?
test $st -eq 143 || note_ "retry exited $st, not by SIGTERM (143)" || fail=1
test ! -e ran || note_ "the command ran after SIGTERM" || fail=1
grep -q 'cannot be used' err && { note_ "a warning before dying:" "$(cat err)"; fail=1; }

# rediss://: the listener takes the connection, retry sends its hello and
# waits (250 ms at most) for an answer that never comes.
if retry_has_tls_; then
	rm -f accepted
	"$RETRY" --budget=s --store="rediss://127.0.0.1:$(cat port)" -- touch ran 2>err &
	pid=$!
	wait_lines_ 1 accepted || fail_ "retry did not connect:" "$(cat err)"
	t0=$(now_ms)
	kill -TERM $pid
	wait $pid
	st=$?
	ms=$(($(now_ms) - t0))
	test $st -eq 143 || note_ "rediss: retry exited $st, not by SIGTERM (143)" ||
		fail=1
	test $ms -lt 1000 || note_ "rediss: retry took $ms ms to end" || fail=1
	test ! -e ran || note_ "rediss: the command ran after SIGTERM" || fail=1
	grep -q 'cannot be used' err &&
		{ note_ "rediss: a warning before dying:" "$(cat err)"; fail=1; }
fi

Exit "$fail"
