#!/bin/sh
# SPDX-License-Identifier: ISC
# A retry inside another's attempt gives its own RETRY_* values, none leaking
# from outside.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

cat >outer.sh <<'CHILD'
echo "$RETRY_ATTEMPT $RETRY_MAX_ATTEMPTS ${RETRY_PREVIOUS_STATUS-none} $RETRY_RUN_ID" >>outer
"$RETRY" -a 3 --delay=0 sh inner.sh
exit 1
CHILD
cat >inner.sh <<'CHILD'
echo "$RETRY_ATTEMPT $RETRY_MAX_ATTEMPTS ${RETRY_PREVIOUS_STATUS-none} $RETRY_RUN_ID" >>inner
echo "$RETRY_ELAPSED" >>inner_elapsed
exit 4
CHILD

returns_ 1 "$RETRY" -a 2 --delay=0 sh outer.sh 2>err || fail=1
expect_lines 2 outer || fail=1
expect_lines 6 inner || fail=1

cut -d' ' -f1-3 outer >got
printf '%s\n' '1 2 none' '2 2 1' >exp
cmp -s got exp || note_ "outer attempts saw:" "$(cat outer)" || fail=1

cut -d' ' -f1-3 inner >got
printf '%s\n' '1 3 none' '2 3 4' '3 3 4' '1 3 none' '2 3 4' '3 3 4' >exp
cmp -s got exp || note_ "inner attempts saw:" "$(cat inner)" || fail=1

# One id per run of retry: the outer one, and one for each inner run.
outer_id=$(sed -n 1p outer | cut -d' ' -f4)
test "$(cut -d' ' -f4 outer | sort -u)" = "$outer_id" ||
	note_ "the outer run id changed" || fail=1
sed -n 1,3p inner | cut -d' ' -f4 | sort -u >ids1
sed -n 4,6p inner | cut -d' ' -f4 | sort -u >ids2
expect_lines 1 ids1 || fail=1
expect_lines 1 ids2 || fail=1
for id in "$(cat ids1)" "$(cat ids2)"; do
	test "$id" != "$outer_id" || note_ "an inner run kept the outer run id" ||
		fail=1
	echo "$id" | grep -E '^[0-9a-f]{32}$' >/dev/null ||
		note_ "bad inner run id '$id'" || fail=1
done
cmp -s ids1 ids2 && { note_ "both inner runs had the same id"; fail=1; }

# Stale values in retry's own environment are replaced, or removed.
rm -f inner
: >inner_elapsed
returns_ 4 env RETRY_ATTEMPT=7 RETRY_MAX_ATTEMPTS=9 RETRY_PREVIOUS_STATUS=99 \
	RETRY_ELAPSED=1000.5 RETRY_RUN_ID="$outer_id" \
	"$RETRY" -q -a 2 --delay=0 sh inner.sh 2>err || fail=1
cut -d' ' -f1-3 inner >got
printf '%s\n' '1 2 none' '2 2 4' >exp
cmp -s got exp || note_ "a retry run with stale RETRY_* saw:" "$(cat inner)" ||
	fail=1
test "$(cut -d' ' -f4 inner | sort -u)" != "$outer_id" ||
	note_ "the inherited RETRY_RUN_ID was kept" || fail=1
awk '$1 >= 900 { exit 1 }' inner_elapsed ||
	note_ "the inherited RETRY_ELAPSED was kept" || fail=1

Exit "$fail"
