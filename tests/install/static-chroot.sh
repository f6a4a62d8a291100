#!/bin/sh
# SPDX-License-Identifier: ISC
# static-chroot.sh BINARY: BINARY (retry-static, from 'make static') is
# static and works alone: in an empty root holding nothing but it (as
# /bin/retry) and a static busybox (Debian's busybox-static) for sh,
# sleep and cat, a command that fails twice is run three times and
# retry exits 0; and --timeout stops a sleep in each of 2 attempts, with
# status 124. That is a container built FROM scratch with only retry
# copied in, less the /dev and /proc that a container runtime adds.
#
# Skips (77) when not root (chroot needs it) or without chroot, readelf
# or a static busybox. Not part of 'make check': it needs the static
# binary. .ci/run runs it, and there a skip fails the stage.
set -u

bin=${1:?usage: static-chroot.sh BINARY}
test -f "$bin" || { echo "ERROR: no $bin"; exit 99; }
test "$(id -u)" = 0 || { echo "SKIP: chroot needs root"; exit 77; }
chroot=$(command -v chroot 2>/dev/null) || { echo "SKIP: no chroot"; exit 77; }
command -v readelf >/dev/null 2>&1 || { echo "SKIP: no readelf"; exit 77; }
busybox=$(command -v busybox 2>/dev/null) ||
	{ echo "SKIP: no busybox (apt-get install busybox-static)"; exit 77; }

fail=0
# static_ FILE: no program interpreter (PT_INTERP) and no shared library
# needed: the kernel runs it as it is (ldd would say "not a dynamic
# executable"; readelf says it without running the file).
static_() {
	if readelf -l "$1" | grep -q 'program interpreter' ||
	    readelf -d "$1" 2>/dev/null | grep -q '(NEEDED)'; then
		return 1
	fi
}
static_ "$bin" || { echo "FAIL: $bin is not static:"; readelf -l "$bin" | grep -A1 INTERP; fail=1; }
static_ "$busybox" || { echo "SKIP: $busybox is not static (busybox-static)"; exit 77; }

root=$(mktemp -d) || exit 99
trap 'rm -rf "$root"' EXIT
mkdir "$root/bin" "$root/tmp" || exit 99
cp "$bin" "$root/bin/retry" && cp "$busybox" "$root/bin/busybox" || exit 99
for a in sh sleep cat; do
	ln -s busybox "$root/bin/$a" || exit 99
done
# in_root_ CMD...: run CMD in the root, with a bare environment.
in_root_() { env -i PATH=/bin "$chroot" "$root" "$@"; }

# A command that fails twice, then succeeds: three runs, status 0, and
# retry's two messages on stderr. (No /dev/null in the root: nothing
# may need it, retry included.)
# shellcheck disable=SC2016 # the root's sh expands it
in_root_ /bin/retry -a 5 -d 0 -- /bin/sh -c \
	'n=0; test -e /tmp/runs && n=$(cat /tmp/runs); n=$((n + 1))
	echo $n >/tmp/runs; test $n -ge 3' 2>"$root/err1"
st=$?
runs=$(cat "$root/tmp/runs" 2>/dev/null)
if [ "$st" = 0 ] && [ "$runs" = 3 ] && [ "$(grep -c . "$root/err1")" = 2 ]; then
	echo "ok   fails twice, then succeeds: status 0 after 3 runs"
else
	echo "FAIL fails twice, then succeeds: status $st after '$runs' runs, not 0 after 3; stderr:"
	sed 's/^/  /' "$root/err1"
	fail=1
fi

# --timeout stops a 30 s sleep in each of 2 attempts: status 124, two
# starts, and long before 30 s.
start=$(date +%s)
in_root_ /bin/retry -a 2 -d 0 -t 500ms -- /bin/sh -c \
	'echo x >>/tmp/starts; exec sleep 30' 2>"$root/err2"
st=$?
took=$(($(date +%s) - start))
starts=$(grep -c . "$root/tmp/starts" 2>/dev/null)
if [ "$st" = 124 ] && [ "$starts" = 2 ] && [ "$took" -lt 20 ]; then
	echo "ok   --timeout stops sleep: status 124 after 2 attempts, ${took}s"
else
	echo "FAIL --timeout stops sleep: status $st after '$starts' attempts in ${took}s, not 124 after 2; stderr:"
	sed 's/^/  /' "$root/err2"
	fail=1
fi

exit $fail
