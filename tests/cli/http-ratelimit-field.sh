#!/bin/sh
# SPDX-License-Identifier: ISC
# --http: a 403 with the RateLimit field of the IETF draft saying its quota
# is spent (`RateLimit: "default";r=0;t=2`) is retried, after t seconds.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

# shellcheck source=lib-http.sh
. "$TESTS_DIR/lib-http.sh"

# shellcheck disable=SC2317 # called through thrice_
waits() {
	serve_ '403:RateLimit-Policy="default";q=10;w=60:RateLimit="default";r=0;t=2' 200
	returns_ 0 "$RETRY" --http -a 3 --delay=10ms -- \
		curl -q -fsS -D /dev/stderr "$url" >out 2>err || return 1
	waited_ 2000 6000 'its RateLimit t=2'
}
thrice_ waits || fail=1

Exit "$fail"
