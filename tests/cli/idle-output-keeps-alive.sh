#!/bin/sh
# SPDX-License-Identifier: ISC
# --idle-timeout: an attempt that keeps writing, to stdout or to stderr
# only, runs as long as it needs, far past the idle time; what it writes
# passes through byte for byte (binary, no final newline), on the stream
# it was written to.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

# 15 writes 100ms apart, 1.5s in all, with an idle time of 600ms.
cat >talk.sh <<'EOS'
i=0
while test $i -lt 15; do
	printf '%s\001\377' "$i" >&"$1"
	sleep 0.1
	i=$((i + 1))
done
printf 'end'
EOS
i=0
while test $i -lt 15; do printf '%s\001\377' "$i"; i=$((i + 1)); done >want
printf 'end' >>want

returns_ 0 "$RETRY" -a 1 --idle-timeout=600ms -- sh talk.sh 1 >out 2>err ||
	fail=1
cmp -s want out || note_ "stdout is not what the attempt wrote:" \
	"$(od -c out | head -5)" || fail=1
expect_empty err || fail=1

# Written to stderr only: that is output too. stdout gets only the end.
returns_ 0 "$RETRY" -a 1 --idle-timeout=600ms -- sh talk.sh 2 >out 2>err ||
	fail=1
test "$(cat out)" = end || note_ "stdout:" "$(cat out)" || fail=1
head -c "$(($(wc -c <want) - 3))" want >want.err
cmp -s want.err err || note_ "stderr is not what the attempt wrote:" \
	"$(od -c err | head -5)" || fail=1

# With --stdout=hold: held while it runs, still not idle.
returns_ 0 "$RETRY" -a 1 --stdout=hold --idle-timeout=600ms -- \
	sh talk.sh 1 >out 2>err || fail=1
cmp -s want out || note_ "held stdout is not what the attempt wrote" ||
	fail=1

Exit "$fail"
