#!/bin/sh
# SPDX-License-Identifier: ISC
# SIGTERM while retry waits for a redis: store that does not answer ends
# retry at once, as during a sleep: the command never runs.

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

Exit "$fail"
