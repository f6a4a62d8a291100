#!/bin/sh
# SPDX-License-Identifier: ISC
# The redis: store's breaker across hosts: when more than one host used the
# budget within DURATION, K failures in a row open the circuit only when
# they come from two hosts or more. The other host is a UTS namespace with
# a hostname of its own (unshare -r -u: a user namespace too, so that it
# needs no root).

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"
# shellcheck source=lib-redis.sh
. "$TESTS_DIR/lib-redis.sh"

unshare -r -u sh -c 'hostname retry-test-other' 2>/dev/null ||
	skip_ "unshare -r -u cannot give a process a hostname of its own here"
start_redis_
b="--budget=q --store=$url --breaker=2/10s"
# other RETRY-ARG...: retry as the other host.
other() {
	unshare -r -u sh -c 'hostname retry-test-other && exec "$@"' sh "$RETRY" "$@"
}
# shellcheck disable=SC2086
other $b -- true || fail=1
# This host alone fails 3 times in a row: the circuit stays closed.
# shellcheck disable=SC2086
returns_ 1 "$RETRY" -a 3 -d 1ms $b -- sh flaky.sh 99 2>err || fail=1
expect_runs 3 || fail=1
test "$(rcli_ hget retry:{q}:breaker open_until)" = 0 ||
	note_ "one host opened it:" "$(rcli_ hgetall retry:{q}:breaker)" || fail=1
# A failure of the other host too: now it opens.
# shellcheck disable=SC2086
other -a 1 $b -- false 2>/dev/null
test "$(rcli_ hget retry:{q}:breaker open_until)" -gt 0 ||
	note_ "two hosts did not open it:" "$(rcli_ hgetall retry:{q}:breaker)" || fail=1
# shellcheck disable=SC2086
returns_ 75 "$RETRY" --budget-wait=0 $b -- true 2>/dev/null || fail=1

Exit "$fail"
