#!/bin/sh
# SPDX-License-Identifier: ISC
# --max-server-wait=DURATION:give-up: a Retry-After past it ends the run at
# once, as a give-up with the attempt's status (curl's 22), saying what the
# server asked and the most allowed; JSON names the reason.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

# shellcheck source=lib-http.sh
. "$TESTS_DIR/lib-http.sh"

# shellcheck disable=SC2317 # called through thrice_
gives_up() {
	serve_ 429:Retry-After=3600 200
	timed_ 22 "$RETRY" --http -a 5 --delay=10ms \
		--max-server-wait=1s:give-up \
		-- curl -q -fsS -D /dev/stderr "$url" >out 2>err || return 1
	expect_lines 1 log || return 1
	test "$ms" -lt 3000 || note_ "gave up after ${ms}ms, not at once" ||
		return 1
	grep -q '^retry: curl: attempt 1/5 failed (exit status 22, HTTP 429); giving up: the server asked to wait 1h0m0s (Retry-After), more than --max-server-wait=1s$' \
		err || note_ "not the give-up expected:" "$(cat err)" || return 1
	serve_ 429:Retry-After=3600 200
	returns_ 22 "$RETRY" --http --log-format=json -a 5 --delay=10ms \
		--max-server-wait=1s:give-up \
		-- curl -q -fsS -D /dev/stderr "$url" >out 2>err || return 1
	grep -q '"event":"give_up".*"retry_after_s":3600,.*"max_server_wait_s":1\.000000,.*"reason":"max-server-wait"' \
		err || note_ "not the JSON give-up expected:" "$(cat err)"
}
thrice_ gives_up || fail=1

Exit "$fail"
