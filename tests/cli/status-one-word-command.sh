#!/bin/sh
# SPDX-License-Identifier: ISC
# A whole command line given as one word (retry "curl -fsS URL") is not
# found: exit 127 at once, never retried, with a hint on a second line
# (even with -q) that works when followed; a path with a blank gets none.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

# suggestion: the command line the hint in ./err suggests, after "retry ".
suggestion() { sed -n 's/^retry: hint: .*: retry //p' err; }

for q in '' -q; do
	timed_ 127 "$RETRY" $q -a 3 --delay=5s "echo one  two http://h/p" \
		>out 2>err || fail=1
	test "$ms" -lt 4000 || note_ "took ${ms}ms: retried" || fail=1
	expect_empty out || fail=1
	expect_lines 2 err || fail=1
	grep '^retry: echo one  two http://h/p: command not found$' err \
		>/dev/null || note_ "no report:" "$(cat err)" || fail=1
	# Followed, the hint runs the command as meant, with the options.
	want="${q:+$q }-a 3 --delay=5s echo one two http://h/p"
	test "$(suggestion)" = "$want" ||
		note_ "the hint suggests '$(suggestion)'" || fail=1
	eval "\"\$RETRY\" -a 1 $(suggestion)" >out || fail=1
	test "$(cat out)" = "one two http://h/p" ||
		note_ "the suggestion printed '$(cat out)'" || fail=1
done

# Shell syntax: the hint runs a shell, the line quoted as it was.
returns_ 127 "$RETRY" "echo \"it's\" | tr i I" 2>err || fail=1
grep "^retry: hint: .* retry sh -c 'echo \"it'\\\\''s\" | tr i I'\$" err \
	>/dev/null || note_ "no sh -c hint:" "$(cat err)" || fail=1
eval "\"\$RETRY\" -a 1 $(suggestion)" >out || fail=1
test "$(cat out)" = "It's" || note_ "the sh -c hint printed '$(cat out)'" ||
	fail=1

# A path with a blank, or a single word, is just not found.
for cmd in "./no such command" "/no/such dir/cmd" no-such-command-for-tests; do
	returns_ 127 "$RETRY" "$cmd" 2>err || fail=1
	expect_lines 1 err || fail=1
done

# In JSON, the hint is a field of the exec_failed event.
if python3 -c 'import json' 2>/dev/null; then
	returns_ 127 "$RETRY" --log-format=json "no-such-cmd -x" 2>err || fail=1
	expect_lines 1 err || fail=1
	python3 -c '
import json, sys
o = json.loads(open("err").read())
assert o["event"] == "exec_failed" and o["status"] == 127, o
assert o["hint"].endswith(": retry --log-format=json no-such-cmd -x"), o
' || note_ "no hint in the JSON event:" "$(cat err)" || fail=1
fi

Exit "$fail"
