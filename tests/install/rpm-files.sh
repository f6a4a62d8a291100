#!/bin/sh
# SPDX-License-Identifier: ISC
# rpm-files.sh RPM: the binary RPM ('make rpm') holds exactly what it
# should: /usr/bin/retry (root's, 0755), its man page, the completions
# where bash, zsh (Fedora: site-functions) and fish look for a package's,
# README.md, NEWS and AUTHORS as %doc, COPYING as %license; nothing else
# but rpm's own /usr/lib/.build-id links. And the binary in it is the
# tree's version, built with the redis: store and TLS, as the spec asks.
# Not part of 'make check': it needs the built package. Run by .ci/run.
set -u

rpm=${1:?usage: rpm-files.sh RPM}
test -r "$rpm" || { echo "ERROR: no $rpm"; exit 99; }
case $rpm in /*) ;; *) rpm=$PWD/$rpm ;; esac
for c in rpm rpm2cpio cpio; do
	command -v $c >/dev/null 2>&1 || { echo "ERROR: no $c"; exit 99; }
done
name=$(rpm -qp --qf '%{name}' "$rpm") || exit 99
version=$(rpm -qp --qf '%{version}' "$rpm") || exit 99

tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
fail=0

sort >"$tmp/want" <<EOF2
/usr/bin/retry
/usr/share/bash-completion/completions/retry
/usr/share/doc/$name
/usr/share/doc/$name/AUTHORS
/usr/share/doc/$name/NEWS
/usr/share/doc/$name/README.md
/usr/share/fish/vendor_completions.d/retry.fish
/usr/share/licenses/$name
/usr/share/licenses/$name/COPYING
/usr/share/man/man1/retry.1.gz
/usr/share/zsh/site-functions/_retry
EOF2
rpm -qlp "$rpm" | grep -v '^/usr/lib/\.build-id\(/\|$\)' | sort >"$tmp/got"
if cmp -s "$tmp/want" "$tmp/got"; then
	echo "ok   $(basename "$rpm"): the $(wc -l <"$tmp/got") files expected"
else
	echo "FAIL $(basename "$rpm"): its files differ (-expected +packaged):"
	diff -u "$tmp/want" "$tmp/got" | sed -n 's/^\([-+][^-+]\)/  \1/p'
	fail=1
fi

mode=$(rpm -qlvp "$rpm" | awk '$NF == "/usr/bin/retry" { print $1, $3, $4 }')
test "$mode" = "-rwxr-xr-x root root" ||
	{ echo "FAIL /usr/bin/retry is '$mode', not -rwxr-xr-x root root"; fail=1; }

# The packaged binary: its version, and the parts the spec asks for.
(cd "$tmp" && rpm2cpio "$rpm" | cpio -id --quiet ./usr/bin/retry) ||
	{ echo "ERROR: cannot unpack $rpm"; exit 99; }
"$tmp/usr/bin/retry" --version >"$tmp/version" ||
	{ echo "FAIL retry --version failed"; fail=1; }
# The "Built with" line (the last is what the store loads when used).
first=$(sed -n 1p "$tmp/version") last=$(grep '^Built with' "$tmp/version")
test "$first" = "retry $version" ||
	{ echo "FAIL --version: '$first', not 'retry $version'"; fail=1; }
case $last in
*"redis: store"*"rediss: (TLS)"*) echo "ok   --version: $last" ;;
*) echo "FAIL the packaged retry lacks the redis: store or TLS: '$last'"; fail=1 ;;
esac
exit $fail
