#!/bin/sh
# SPDX-License-Identifier: ISC
# --uncounted: a failure that does not count is "attempt K (uncounted)", K
# its RETRY_ATTEMPT; a counted one keeps "k/N", k among those that count.
# In JSON, "attempt" is K, and an uncounted one has "uncounted": true, a
# counted one "counted": k.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

# Exits 75, 75, 1, 75, then 0.
cat >mix.sh <<'SH' || framework_failure_ "cannot write mix.sh"
echo "$RETRY_ATTEMPT" >>runs
case $(wc -l <runs) in
1 | 2 | 4) exit 75 ;;
3) exit 1 ;;
esac
SH

returns_ 0 "$RETRY" --uncounted=75 -a 3 --delay=0 -D 10s sh mix.sh 2>err ||
	fail=1
cat >exp <<'TXT'
retry: sh: attempt 1 (uncounted) failed (exit status 75); retrying in 0s
retry: sh: attempt 2 (uncounted) failed (exit status 75); retrying in 0s
retry: sh: attempt 1/3 failed (exit status 1); retrying in 0s
retry: sh: attempt 4 (uncounted) failed (exit status 75); retrying in 0s
TXT
cmp -s exp err || note_ "the messages:" "$(cat err)" || fail=1
printf '1\n2\n3\n4\n5\n' >exp
cmp -s exp runs || note_ "RETRY_ATTEMPT was" "$(cat runs)" || fail=1

# -v: the attempt about to start is K, with k/N were it to count.
rm -f runs
returns_ 0 "$RETRY" -v --uncounted=75 -a 3 --delay=0 -D 10s sh mix.sh \
	2>err || fail=1
grep -q '^retry: sh: attempt 5 (2/3) starting after ' err ||
	note_ "no start of attempt 5 as 2/3:" "$(cat err)" || fail=1
grep -q '^retry: sh: attempt 2/3 succeeded (exit status 0) after ' err ||
	note_ "no success as 2/3:" "$(cat err)" || fail=1

if python3 -c 'import json' 2>/dev/null; then
	rm -f runs
	returns_ 0 "$RETRY" --log-format=json --uncounted=75 -a 3 --delay=0 \
		-D 10s sh mix.sh 2>err || fail=1
	python3 - err <<'PY' || fail=1
import json, sys

got = [json.loads(l) for l in open(sys.argv[1], encoding="utf-8")]
want = [(1, True, None), (2, True, None), (3, None, 1), (4, True, None),
        (5, None, 2)]
have = [(o["attempt"], o.get("uncounted"), o.get("counted")) for o in got]
if have != want:
    sys.exit("attempt, uncounted, counted: %r, expected %r" % (have, want))
PY
fi

Exit "$fail"
