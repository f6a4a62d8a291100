#!/bin/sh
# SPDX-License-Identifier: ISC
# --version's "Built with" line says which optional parts the build has,
# as configure decided them (config.h's HAVE_HIREDIS, HAVE_OPENSSL), and
# the binary does what the line says: a redis:// and a rediss:// store are
# refused as "no redis: store" / "no TLS" exactly when the line says they
# were left out. With the store, the last line says which libraries it
# loads when used (config.h's sonames; dynlib.h), each as this machine
# has it. The first line stays "retry VERSION".
#
# CONFIG_H (set by 'make check') is the build's config.h; without one (a
# binary from elsewhere, the static one) only the behaviour is checked.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

returns_ 0 "$RETRY" --version >out 2>err || fail=1
expect_empty err || fail=1
grep '^retry [0-9][0-9.]*$' out >/dev/null && test "$(sed -n '$=' out)" -ge 2 ||
	note_ "--version has no 'retry N.N.N' first line or no more:" "$(cat out)" || fail=1
line=$(grep -e '^Built with: ' -e '^Built without ' out)

with='Built with: file store, redis: store, rediss: (TLS), c-ares'
no_tls='Built with: file store, redis: store, c-ares; without rediss: (TLS)'
without='Built without the redis: store (file store only)'

# What configure decided, when this build's config.h is known.
config_h=${CONFIG_H:-}
if test -n "$config_h"; then
	test -r "$config_h" || framework_failure_ "no config.h at $config_h"
	has_() { grep "^#define $1 1\$" "$config_h" >/dev/null; }
	if has_ HAVE_HIREDIS && has_ HAVE_OPENSSL; then
		want=$with
	elif has_ HAVE_HIREDIS; then
		want=$no_tls
	else
		want=$without
	fi
	test "$line" = "$want" ||
		note_ "config.h says '$want'; --version says '$line'" || fail=1
	# The libraries loaded when used, by soname, in the last line.
	loads=$(sed -n 's/^#define LIB[A-Z]*_SONAME "\(.*\)"$/\1/p' "$config_h" |
		sort | tr '\n' ' ')
	got=$(sed -n 's/^Loads when used: //p' out | tr ',' '\n' |
		sed 's/ (not found here)$//; s/^ //' | sort | tr '\n' ' ')
	test "$got" = "$loads" ||
		note_ "config.h's sonames: '$loads'; --version: '$got'" || fail=1
	case $loads in
	'') test "$(sed -n '$p' out)" = "$line" ||
		note_ "no library to load, and a line after '$line'" || fail=1 ;;
	*) sed -n '$p' out | grep '^Loads when used: ' >/dev/null ||
		note_ "the last line does not say what is loaded:" \
			"$(cat out)" || fail=1 ;;
	esac
fi

# What the binary does: -n checks the store URL and runs nothing.
store_() {
	"$RETRY" -n -q --budget=x --store="$1" -- true >/dev/null 2>"$2"
	echo $? >"$2.status"
}
store_ redis://127.0.0.1:1 redis.err
store_ rediss://127.0.0.1:1 rediss.err
refused_() { grep -F "$2" "$1" >/dev/null && test "$(cat "$1.status")" = 125; }
case $line in
"$with")
	! refused_ redis.err 'no redis: store' && ! refused_ rediss.err 'no TLS' ||
		note_ "--version says '$line', but:" "$(cat redis.err rediss.err)" || fail=1 ;;
"$no_tls")
	! refused_ redis.err 'no redis: store' && refused_ rediss.err 'no TLS' ||
		note_ "--version says '$line', but:" "$(cat redis.err rediss.err)" || fail=1 ;;
"$without")
	refused_ redis.err 'no redis: store' ||
		note_ "--version says '$line', but:" "$(cat redis.err)" || fail=1 ;;
*)
	note_ "--version's Built line is none of the three: '$line'"
	fail=1 ;;
esac

Exit "$fail"
