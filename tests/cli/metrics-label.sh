#!/bin/sh
# SPDX-License-Identifier: ISC
# The series' command label is --metrics-label's NAME, else the command's
# name: the word itself, the basename of a path, `sh` for `sh -c ...`.  In
# the file a '\' is written '\\' and a '"' '\"', so that any name is one
# well-formed label; UTF-8 (é) stays as it is.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-ci.sh
. "$TESTS_DIR/lib-ci.sh"

# labels_: the labels in ./m's retry_runs_total, one per line.
labels_() { sed -n 's/^retry_runs_total{command="\(.*\)"} [0-9]*$/\1/p' m; }

returns_ 0 "$RETRY" --metrics=m true || fail=1
returns_ 0 "$RETRY" --metrics=m /bin/true || fail=1
expect_metric_ retry_runs_total true 2 || fail=1
returns_ 1 "$RETRY" --metrics=m -a 1 sh -c 'exit 1' 2>err || fail=1
expect_metric_ retry_runs_total sh 1 || fail=1
mkdir -p 'sub dir'
printf '#!/bin/sh\nexit 0\n' >'sub dir/my-job'
chmod +x 'sub dir/my-job'
returns_ 0 "$RETRY" --metrics=m './sub dir/my-job' || fail=1
expect_metric_ retry_runs_total my-job 1 || fail=1
printf 'true\nsh\nmy-job\n' >exp
labels_ >got
cmp -s exp got || note_ "not the commands' names:" "$(cat m)" || fail=1

# --metrics-label wins over the command's name; -m does not change it.
rm -f m
returns_ 0 "$RETRY" --metrics=m --metrics-label=nightly true || fail=1
returns_ 0 "$RETRY" --metrics=m -m 'other name' --metrics-label=nightly \
	sh -c true || fail=1
returns_ 0 "$RETRY" --metrics=m -m 'other name' true || fail=1
expect_metric_ retry_runs_total nightly 2 || fail=1
expect_metric_ retry_runs_total true 1 || fail=1
printf 'nightly\ntrue\n' >exp
labels_ >got
cmp -s exp got || note_ "--metrics-label or -m:" "$(cat m)" || fail=1

# Escapes, in every family.
rm -f m
label=$(printf 'a"b\\c \303\251 d')
returns_ 0 "$RETRY" --metrics=m --metrics-label="$label" true || fail=1
escaped=$(printf 'a\\"b\\\\c \303\251 d')
for f in retry_runs_total retry_attempts_total retry_give_ups_total \
	retry_last_run_status retry_last_run_attempts \
	retry_last_run_duration_seconds retry_last_run_timestamp_seconds \
	retry_last_success_timestamp_seconds; do
	test -n "$(metric_ "$f" "$escaped")" ||
		note_ "no $f for the escaped label $escaped:" "$(cat m)" || fail=1
done
# A command whose own name needs them.
rm -f m
printf '#!/bin/sh\nexit 0\n' >'x"y\z'
chmod +x 'x"y\z'
returns_ 0 "$RETRY" --metrics=m './x"y\z' || fail=1
expect_metric_ retry_runs_total 'x\"y\\z' 1 || fail=1

Exit "$fail"
