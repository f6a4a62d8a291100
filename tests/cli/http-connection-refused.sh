#!/bin/sh
# SPDX-License-Identifier: ISC
# --http: a failed attempt with no HTTP status (curl could not connect,
# status 7) is decided as without --http: retried, up to the last attempt.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

require_python3_
command -v curl >/dev/null 2>&1 || skip_ "curl is not installed"
unset http_proxy all_proxy ALL_PROXY

# A port that was free a moment ago; nothing listens there. (curl -q: no
# ~/.curlrc.)
port=$(python3 -c 'import socket
s = socket.socket()
s.bind(("127.0.0.1", 0))
print(s.getsockname()[1])') || framework_failure_ "cannot find a free port"

returns_ 7 "$RETRY" --http -a 3 --delay=10ms -- \
	sh -c 'echo run >>runs; exec curl -q -fsS "$1"' sh \
	"http://127.0.0.1:$port/" >out 2>err || fail=1
expect_runs 3 || fail=1

Exit "$fail"
