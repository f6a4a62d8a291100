#!/bin/sh
# SPDX-License-Identifier: ISC
# Run each fuzz target for SECONDS (default 30) on a scratch copy of its
# corpus; exit 1 if any target found a crash, leak or failed invariant.
# Usage: tests/fuzz/run.sh [SECONDS]. FUZZ_OUT (default /tmp/retry-fuzz) is
# where build.sh puts the targets (FUZZ_BUILD=no: they are built already);
# TARGETS may name a subset; FUZZ_ARGS goes to every target (as
# -rss_limit_mb=1024). Saved regressions are replayed before fuzzing.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
secs=${1:-30}
out=${FUZZ_OUT:-/tmp/retry-fuzz}
targets=${TARGETS:-fuzz_duration fuzz_statuslist fuzz_jitter fuzz_options fuzz_http fuzz_budget fuzz_redis_url fuzz_redis_bound fuzz_pushback fuzz_metrics}

case $secs in
'' | *[!0-9]*)
	echo "usage: run.sh [SECONDS]" >&2
	exit 2
	;;
esac

if [ "${FUZZ_BUILD:-yes}" != no ]; then
	"$here/build.sh" "$out" >/dev/null
fi
# The targets run from their scratch directories.
out=$(cd "$out" && pwd)

# Never write into the repository's corpus: libFuzzer adds to its first
# corpus directory, so it gets a copy.
scratch=$(mktemp -d "${TMPDIR:-/tmp}/retry-fuzz-run.XXXXXX")
failed=

for t in $targets; do
	mkdir -p "$scratch/$t/corpus" "$scratch/$t/artifacts"
	cp "$here/corpus/$t"/* "$scratch/$t/corpus/"
	dict=
	if [ -f "$here/dict/$t.dict" ]; then
		dict=-dict=$here/dict/$t.dict
	fi
	rc=0
	if [ -n "$(ls "$here/regressions/$t" 2>/dev/null)" ]; then
		echo "$t: regressions"
		# A lower memory limit: a parse needs a few MB, and a saved
		# out-of-memory then shows in seconds, not minutes.
		if ! (cd "$scratch/$t" && "$out/$t" -rss_limit_mb=512 \
		    "$here/regressions/$t"/*) >"$scratch/$t/regressions.log" \
		    2>&1; then
			echo "  a saved regression still fails:" \
			    "$scratch/$t/regressions.log"
			failed="$failed $t"
		fi
	fi
	echo "$t: ${secs}s"
	# shellcheck disable=SC2086
	(cd "$scratch/$t" && "$out/$t" -max_total_time="$secs" \
	    -artifact_prefix="$scratch/$t/artifacts/" -print_final_stats=1 \
	    $dict ${FUZZ_ARGS:-} corpus) >"$scratch/$t/log" 2>&1 ||
	    rc=$?
	grep -E '^Done' "$scratch/$t/log" | sed 's/^/  /' || true
	grep -E 'cov: [0-9]+' "$scratch/$t/log" | tail -n 1 |
	    sed -E 's/.*(cov: [0-9]+ ft: [0-9]+ corp: [^ ]+).*/  \1/' || true
	if [ "$rc" -ne 0 ] || [ -n "$(ls "$scratch/$t/artifacts")" ]; then
		echo "  FAILED (exit $rc): $scratch/$t/log"
		for a in "$scratch/$t/artifacts"/*; do
			[ -e "$a" ] && echo "  artifact: $a"
		done
		failed="$failed $t"
	fi
done

if [ -n "$failed" ]; then
	echo "run.sh: failed:$(echo "$failed" | tr ' ' '\n' | sort -u |
	    tr '\n' ' ')(kept $scratch)" >&2
	exit 1
fi
rm -rf "$scratch"
echo "run.sh: no findings"
