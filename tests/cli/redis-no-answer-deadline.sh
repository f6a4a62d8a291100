#!/bin/sh
# SPDX-License-Identifier: ISC
# A redis: store that never answers, and a short deadline: the store is
# waited for half the time to the deadline, not 250 ms, so the command
# still runs.  So is a rediss:// store whose TLS handshake never ends.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"
# shellcheck source=lib-redis.sh
. "$TESTS_DIR/lib-redis.sh"

silent_listener_
returns_ 0 "$RETRY" -D 200ms --budget=n --store="redis://127.0.0.1:$(cat port)" \
	-- touch ran 2>err || fail=1
test -e ran || note_ "the command did not run:" "$(cat err)" || fail=1
grep -q 'budget n cannot be used' err || note_ "no warning:" "$(cat err)" || fail=1

# The same for a TLS handshake that never ends (rediss://), with a small CA
# file: loading the system's CAs takes time. A deadline of 1 s: the
# store's share, half, is spent in the handshake alone (the libraries and
# the CA are loaded when the store is opened), and a loaded machine
# still reaches it.
if retry_has_tls_ && command -v openssl >/dev/null 2>&1; then
	make_certs_
	rm -f ran
	returns_ 0 env RETRY_STORE_CACERT="$certs/ca.pem" "$RETRY" -D 1s \
		--budget=n --store="rediss://127.0.0.1:$(cat port)" -- touch ran \
		2>err || fail=1
	test -e ran || note_ "rediss: the command did not run:" "$(cat err)" ||
		fail=1
	grep -q 'budget n cannot be used (rediss://.*TLS: no answer to the handshake in time' \
		err || note_ "rediss: no warning:" "$(cat err)" || fail=1
fi

Exit "$fail"
