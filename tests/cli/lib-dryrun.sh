# SPDX-License-Identifier: ISC
# shellcheck shell=sh
# Helpers for the -n tests that read the schedule, sourced after lib.sh.

# rows_ FILE: the rows of a dry run's schedule in FILE (a line whose first
# word is the retry's number), as "N SECONDS": the worst total (the last
# column) in seconds, read from retry's durations (1h0m3s, 59m3s, 1.439s,
# 500ms).
rows_() {
	awk '
	function secs(d,   t, n, u) {
		t = 0
		while (match(d, /^[0-9.]+(ns|us|ms|d|h|m|s)/)) {
			n = substr(d, 1, RLENGTH)
			d = substr(d, RLENGTH + 1)
			u = n
			sub(/^[0-9.]+/, "", u)
			sub(/[a-z]+$/, "", n)
			t += n * (u == "d" ? 86400 : u == "h" ? 3600 : \
			    u == "m" ? 60 : u == "s" ? 1 : u == "ms" ? 0.001 : \
			    u == "us" ? 0.000001 : 0.000000001)
		}
		return d == "" ? t : -1
	}
	$1 ~ /^[1-9][0-9]*$/ { print $1, secs($NF) }' "$1"
}
