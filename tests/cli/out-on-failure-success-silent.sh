#!/bin/sh
# SPDX-License-Identifier: ISC
# --output=on-failure: a command that fails twice, then passes, prints
# nothing at all (stdout and stderr empty, byte for byte, its output and
# retry's messages alike) and retry exits 0; so with :last, :all and -v.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

cat >noisy.sh <<'EOF' || framework_failure_ "cannot write noisy.sh"
echo run >>runs
echo "out $(wc -l <runs)"
echo "err $(wc -l <runs)" >&2
test "$(wc -l <runs)" -gt 2
EOF

for mode in on-failure on-failure:last on-failure:all; do
	for v in '' -v -vv; do
		rm -f runs
		# shellcheck disable=SC2086 # no -v is no word
		returns_ 0 "$RETRY" --output=$mode $v -a 5 --delay=0 \
			sh noisy.sh >out 2>err || fail=1
		expect_runs 3 || fail=1
		test ! -s out || note_ "--output=$mode $v: stdout:" \
			"$(head -c 300 out)" || fail=1
		test ! -s err || note_ "--output=$mode $v: stderr:" \
			"$(head -c 300 err)" || fail=1
	done
done

# Without the option, the same run says what happened.
rm -f runs
returns_ 0 "$RETRY" -a 5 --delay=0 sh noisy.sh >out 2>err || fail=1
file_has_ out 'out 1' || note_ "without --output: stdout:" "$(cat out)" ||
	fail=1
file_has_ err 'attempt 1/5 failed' ||
	note_ "without --output: stderr:" "$(cat err)" || fail=1

Exit "$fail"
