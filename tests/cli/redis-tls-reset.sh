#!/bin/sh
# SPDX-License-Identifier: ISC
# rediss:// at a server that resets the connection in the handshake: the
# warning names the system's error (ECONNRESET), not "connection closed".
# OpenSSL's system calls set the errno of the C library that libssl was
# loaded with, which in a static retry is not retry's own (tls.c): read
# in the wrong place, the error would be lost.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"
# shellcheck source=lib-redis.sh
. "$TESTS_DIR/lib-redis.sh"

require_tls_

reset_listener_
port=$(cat port)
reset=$(LC_ALL=C "$python_" -c 'import errno, os; print(os.strerror(errno.ECONNRESET))')
LC_ALL=C "$RETRY" -a 1 --budget=rst --store="rediss://127.0.0.1:$port" \
	-- true 2>err || note_ "the run failed:" "$(cat err)" || fail=1
grep -q "^retry: warning: budget rst cannot be used (rediss://127.0.0.1:$port.*: TLS: $reset" err ||
	note_ "no warning naming '$reset':" "$(cat err)" || fail=1

Exit "$fail"
