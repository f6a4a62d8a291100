#!/bin/sh
# SPDX-License-Identifier: ISC
# --log-format=json with --on-give-up: the give_up event ends the run and
# carries the summary; the hook runs after it, so its "hook" event (when
# printed: a failed hook, or -v) follows, without a summary, naming the
# attempt it follows. The manual says so.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
require_python3_

returns_ 1 "$RETRY" --log-format=json -a 2 --delay=0 --on-give-up='exit 3' \
	false 2>err || fail=1
python3 -c '
import json, sys
events = [json.loads(line) for line in open("err", encoding="utf-8")]
got = [e["event"] for e in events]
if got != ["retry", "give_up", "hook"]:
    sys.exit("events %r" % got)
retry, give_up, hook = events
if give_up.get("outcome") != "gave_up" or give_up.get("attempts_made") != 2:
    sys.exit("no summary in give_up: %r" % give_up)
if "outcome" in hook or "outcome" in retry:
    sys.exit("a second summary: %r" % events)
if hook.get("hook") != "on-give-up" or hook.get("status") != 3:
    sys.exit("hook: %r" % hook)
# SPEC: every event has at least event, attempt and status.
if hook.get("attempt") != 2:
    sys.exit("the hook event does not name the attempt it follows: %r" % hook)
if not isinstance(hook.get("elapsed_s"), float) or \
        hook["elapsed_s"] < give_up["elapsed_s"]:
    sys.exit("the hook event has no elapsed_s, at or after give_up: %r" % hook)
' || note_ "events:" "$(cat err)" || fail=1

# The manual does not claim the summary is on the last event.
man=$TESTS_DIR/../../man/retry.1
if test -r "$man"; then
	if grep -i 'last event of a run carries' "$man" >/dev/null; then
		note_ "the manual puts the summary on the last event" || fail=1
	fi
	grep -e 'ends a run carries its summary' "$man" >/dev/null ||
		note_ "the manual says nothing of the event that ends a run" ||
		fail=1
fi

Exit "$fail"
