#!/bin/sh
# SPDX-License-Identifier: ISC
# build-rpm.sh TARBALL [OUTDIR]: build the RPM package retry-backoff from
# a release tarball ('make dist') with rpmbuild -ba, in a temporary
# _topdir, so that the tree it is run from and ~/rpmbuild stay clean. The
# spec is packaging/rpm/retry.spec from the tarball itself: what is built
# is what ships. The binary and source RPMs land in OUTDIR (default: the
# current directory). 'make rpm' runs it.
#
# RPMBUILD_FLAGS: more options for rpmbuild, e.g. --nocheck to leave out
# %check ('make check'), as CI does. RPM_JOBS: parallel jobs [2].
set -eu

tarball=${1:?usage: build-rpm.sh TARBALL [OUTDIR]}
out=${2:-.}
test -r "$tarball" || { echo "build-rpm.sh: no $tarball" >&2; exit 1; }
command -v rpmbuild >/dev/null 2>&1 || {
	echo "build-rpm.sh: no rpmbuild (on Debian: apt-get install rpm)" >&2
	exit 1
}
out=$(cd "$out" && pwd)
base=$(basename "$tarball" .tar.gz)
version=${base#retry-}
case $version in
"$base" | "") echo "build-rpm.sh: $tarball is not retry-VERSION.tar.gz" >&2; exit 1 ;;
esac

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# 0755, not mktemp's 0700: %check's tests, run as root, drop to nobody
# and execute src/retry from the build tree (res-fork-fails).
chmod 755 "$tmp"
mkdir "$tmp/SOURCES"
cp "$tarball" "$tmp/SOURCES/"
tar -xzf "$tarball" -C "$tmp" "$base/packaging/rpm/retry.spec"
spec=$tmp/$base/packaging/rpm/retry.spec

# The spec's Version is written by hand: it must be the tarball's.
spec_version=$(rpmspec -q --srpm --qf '%{version}' "$spec")
test "$spec_version" = "$version" || {
	echo "build-rpm.sh: retry.spec says Version $spec_version, the tarball is $version" >&2
	exit 1
}

# --nodeps: on Debian, rpm's database has none of the BuildRequires (they
# are installed as .debs, which rpm does not see), so rpmbuild would
# refuse to start; the build finds them itself (configure, pkg-config).
# Debian's rpm 4.18 ships brp-compress as '#!/bin/sh' though it needs
# bash ('read -d'): under dash it fails, quietly, and leaves the man page
# uncompressed; run it with bash, as Fedora's /bin/sh is. _docdir_fmt: the docs under
# /usr/share/doc/retry-backoff, Fedora's place (Debian's rpm says
# NAME-VERSION). The packager is this project, as the .deb's Maintainer.
# shellcheck disable=SC2086 # RPMBUILD_FLAGS is a list of options
rpmbuild -ba --nodeps ${RPMBUILD_FLAGS:-} \
	--define "_topdir $tmp" \
	--define "_smp_mflags -j${RPM_JOBS:-2}" \
	--define "__brp_compress bash %{_rpmconfigdir}/brp-compress %{_prefix}" \
	--define "_docdir_fmt %%{NAME}" \
	--define "packager Seed bd2aa495 maintainers <maintainers@users.noreply.a-seed-bd2aa495.example>" \
	"$spec"

for f in "$tmp"/RPMS/*/*.rpm "$tmp"/SRPMS/*.rpm; do
	test -e "$f" || continue
	mv "$f" "$out/"
	echo "build-rpm.sh: $out/$(basename "$f")"
done
