#!/bin/sh
# SPDX-License-Identifier: ISC
# A bad status list is a usage error that names the option and the value.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

for opt in --retry-on --stop-on --success-on; do
	for v in 256 -1 abc '' 1,,2 '1,' ,1 5- 1-2-3 1-256 fail2 1.5; do
		bad_value_ "$opt" "$v" || fail=1
	done
done

# The aliases are checked alike; the message may name either spelling.
for opt in --while --until; do
	usage_error_ "$opt=abc" touch ran || fail=1
	mentions_ abc || fail=1
	case $opt in
	--while) sed -n 1p err | grep -E 'while|retry-on' >/dev/null ;;
	--until) sed -n 1p err | grep -E 'until|success-on' >/dev/null ;;
	esac || note_ "the message does not name $opt:" "$(sed -n 1p err)" || fail=1
done
usage_error_ -r 300 touch ran || fail=1
usage_error_ -x x touch ran || fail=1

Exit "$fail"
