#!/bin/sh
# SPDX-License-Identifier: ISC
# --http: an X-RateLimit-Reset of a few seconds (seconds from now, as many
# APIs send it, not a Unix time) is a floor on the sleep after a 429, as a
# Retry-After would be, however short the backoff.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

# shellcheck source=lib-http.sh
. "$TESTS_DIR/lib-http.sh"

# shellcheck disable=SC2317 # called through thrice_
waits() {
	serve_ 429:X-RateLimit-Remaining=0:X-RateLimit-Reset=2 200
	returns_ 0 "$RETRY" --http -a 3 --delay=10ms -- \
		curl -q -fsS -D /dev/stderr "$url" >out 2>err || return 1
	waited_ 2000 6000 'its X-RateLimit-Reset: 2'
}
thrice_ waits || fail=1

Exit "$fail"
