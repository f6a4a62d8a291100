#!/bin/sh
# SPDX-License-Identifier: ISC
# --hedge's text messages: under -v, a line for each copy started by DELAY
# ("attempt 2/5 starting as a hedge: attempt 1 still running after
# 300ms") and one for each loser ("attempt 1 stopped: attempt 2 succeeded
# first (N bytes of output dropped)"); neither at the default verbosity.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"
# shellcheck source=lib-supervise.sh
. "$TESTS_DIR/lib-supervise.sh"

# Copy 1 writes 6 bytes then hangs; the hedge, copy 2, succeeds once they
# are written (retry takes what a loser wrote until it is gone).
cat >copy.sh <<'SH' || framework_failure_ "cannot write copy.sh"
echo $$ >>pids
echo "$RETRY_ATTEMPT" >>runs
if test "$RETRY_ATTEMPT" = 1; then
	echo hello
	: >said
	exec sleep "$1"
fi
i=0
until test -e said || test $i -ge 1000; do
	sleep 0.01
	i=$((i + 1))
done
exit 0
SH

m=$(marker_)
returns_ 0 "$RETRY" -v --hedge=300ms sh copy.sh "$m" >out 2>err || fail=1
expect_empty out || fail=1
grep -E '^retry: sh: attempt 2( of |/)5 starting as a hedge: attempt 1 still running after [0-9.]+m?s$' \
	err >/dev/null ||
	note_ "-v: no hedge line:" "$(cat err)" || fail=1
grep -E '^retry: sh: attempt 1 stopped: attempt 2 succeeded first \(6 bytes of output dropped\)$' \
	err >/dev/null ||
	note_ "-v: no line for the loser's 6 bytes:" "$(cat err)" || fail=1
grep -v '^retry: ' err >bad
expect_empty bad || fail=1
gone_within_ -f "sleep $m" || fail=1

# -m names the command in them.
rm -f runs said
m=$(marker_)
returns_ 0 "$RETRY" -v -m probe --hedge=300ms sh copy.sh "$m" >out 2>err ||
	fail=1
grep -Eq '^retry: probe: attempt 2( of |/)5 starting as a hedge' err ||
	note_ "-m: no hedge line:" "$(cat err)" || fail=1
gone_within_ -f "sleep $m" || fail=1

# The default verbosity: neither line.
rm -f runs said
m=$(marker_)
returns_ 0 "$RETRY" --hedge=300ms sh copy.sh "$m" >out 2>err || fail=1
grep -e 'as a hedge' -e 'succeeded first' err >bad
expect_empty bad || fail=1
gone_within_ -f "sleep $m" || fail=1

# -q: nothing at all.
rm -f runs said
m=$(marker_)
returns_ 0 "$RETRY" -q --hedge=300ms sh copy.sh "$m" >out 2>err || fail=1
expect_empty err || fail=1
gone_within_ -f "sleep $m" || fail=1

Exit "$fail"
