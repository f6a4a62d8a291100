#!/bin/sh
# SPDX-License-Identifier: ISC
# packaging-files.sh SRCDIR DISTDIR: the release tarball, unpacked in
# DISTDIR, has every file of SRCDIR's packaging/ and tests/install/, and
# their scripts are executable: 'make deb', 'make rpm' and 'make static'
# build from the tarball alone, so a file added there and not to
# EXTRA_DIST would break them. 'make distcheck' runs it (distcheck-hook).
set -eu

src=${1:?usage: packaging-files.sh SRCDIR DISTDIR}
dist=${2:?usage: packaging-files.sh SRCDIR DISTDIR}
missing=
for f in $(cd "$src" && find packaging tests/install -type f | sort); do
	if [ ! -f "$dist/$f" ]; then
		missing="$missing
  $f (not in the tarball: EXTRA_DIST)"
	elif [ -x "$src/$f" ] && [ ! -x "$dist/$f" ]; then
		missing="$missing
  $f (not executable in the tarball)"
	fi
done
if [ -n "$missing" ]; then
	echo "packaging-files.sh: the tarball in $dist lacks:$missing" >&2
	exit 1
fi
echo "packaging-files.sh: packaging/ and tests/install/ whole in the tarball"
