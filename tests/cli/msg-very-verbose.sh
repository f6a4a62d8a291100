#!/bin/sh
# SPDX-License-Identifier: ISC
# -vv says more than -v: each attempt's start with its command line
# (quoted as a shell would read it back), and after each retry how the
# backoff's sleep came (ceiling, base, cap, the jitter's draw and range),
# the same sleep as the dry run's sample for the same --seed. -v says
# neither.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

set -- -a 3 --seed=5 -b 10ms -j full
returns_ 3 "$RETRY" -vv "$@" -- sh -c 'exit 3' sh 'a b' 2>vv || fail=1
grep -c "^retry: sh: attempt [123]/3 starting after [0-9.]*s: sh -c 'exit 3' sh 'a b'\$" vv >n
test "$(cat n)" -eq 3 || note_ "-vv: not three starts with the command line:" \
	"$(cat vv)" || fail=1
grep '^retry: sh: backoff ' vv >got
cat >exp <<'EOF2'
retry: sh: backoff 2.884ms: ceiling 10ms (base 10ms, cap 1m0s), jitter full drew 0.288 in 0s..10ms
retry: sh: backoff 12.99ms: ceiling 20ms (base 10ms, cap 1m0s), jitter full drew 0.650 in 0s..20ms
EOF2
cmp -s got exp || note_ "-vv: not the backoff's parts:" "$(cat vv)" || fail=1

# The sleeps are the dry run's samples for the same seed.
returns_ 0 "$RETRY" -n "$@" >dry || fail=1
awk '$1 ~ /^[0-9]+$/ { print $4 }' dry >samples
sed 's/^retry: sh: backoff \([^:]*\):.*/\1/' got >sleeps
cmp -s samples sleeps || note_ "-vv's sleeps are not the dry run's:" \
	"$(cat dry)" || fail=1

returns_ 3 "$RETRY" -v "$@" -- sh -c 'exit 3' sh 'a b' 2>v || fail=1
grep -q "^retry: sh: attempt 1/3 starting after [0-9.]*s\$" v ||
	note_ "-v: not the plain start:" "$(cat v)" || fail=1
! grep -q -e 'backoff' -e "exit 3'" v || note_ "-v says what -vv says:" \
	"$(cat v)" || fail=1

Exit "$fail"
