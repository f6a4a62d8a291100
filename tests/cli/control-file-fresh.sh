#!/bin/sh
# SPDX-License-Identifier: ISC
# Each attempt gets RETRY_CONTROL: a regular file, empty and 0600 whatever
# the umask, made anew for each attempt (what the last one wrote is gone),
# in a directory of retry's own (0700) in $TMPDIR.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

mkdir tmp || framework_failure_ "cannot make tmp"
for mask in 022 277; do
	rm -f seen
	(umask $mask && returns_ 1 env TMPDIR="$PWD/tmp" "$RETRY" -a 3 \
		--delay=0 sh -c 'f=$RETRY_CONTROL
		if test -f "$f" && test ! -L "$f"; then
			echo "$(stat -c "%a %s" "$f") $(stat -c %a "${f%/*}")" \
				"[$(cat "$f")]" >>seen
		else
			echo "missing: $f" >>seen
		fi
		case $f in "$TMPDIR"/*) ;; *) echo "not in TMPDIR: $f" >>seen ;; esac
		echo "junk $RETRY_ATTEMPT" >"$f"; exit 1' 2>err) || fail=1
	printf '600 0 700 []\n600 0 700 []\n600 0 700 []\n' >exp
	cmp -s exp seen || note_ "umask $mask: the attempts saw:" \
		"$(cat seen)" || fail=1
done

Exit "$fail"
