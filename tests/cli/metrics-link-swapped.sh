#!/bin/sh
# SPDX-License-Identifier: ISC
# An attempt that puts in FILE's place a link to a file that is not
# retry's metrics (a decoy etc/passwd, a FIFO), or to none (etc/nologin,
# which is not followed, nor made): retry follows the link,
# refuses to write at the end (one error, the command's status kept) and
# makes nothing beside the link's target: no lock, which beside the real
# /etc/passwd would block useradd and passwd, and no temporary file.  The
# target is left as it was.

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

command -v timeout >/dev/null || skip_ "timeout(1) is not available"
command -v mkfifo >/dev/null || skip_ "mkfifo(1) is not available"

mkdir -p M decoy/etc || framework_failure_ "cannot make directories"
printf 'root:x:0:0:root:/root:/bin/sh\n' >decoy/etc/passwd
cp decoy/etc/passwd passwd.orig
mkfifo decoy/etc/fifo || framework_failure_ "cannot make a FIFO"

# swapped_ TARGET REASON: FILE is retry's before the run; the attempt
# makes it a link to decoy/etc/TARGET and fails.  The error names REASON
# (a basic regular expression), and decoy/etc has nothing new in it.
swapped_() {
	rm -f M/x.prom
	returns_ 0 "$RETRY" --metrics=M/x.prom -- true || return 1
	returns_ 4 timeout -s KILL 10 "$RETRY" --metrics=M/x.prom -a 1 -- \
		sh -c 'ln -sf "$PWD/decoy/etc/$1" M/x.prom && exit 4' sh "$1" \
		2>err || return 1
	test "$(grep -c 'cannot write the metrics' err)" -eq 1 ||
		note_ "$1: not one error:" "$(cat err)" || return 1
	grep -q "^retry: cannot write the metrics to M/x.prom: $2\$" err ||
		note_ "$1: the error:" "$(cat err)" || return 1
	test "$(cd decoy/etc && echo *)" = 'fifo passwd' ||
		note_ "$1: made beside the target:" "$(ls -a decoy/etc)" || return 1
	test -h M/x.prom || note_ "$1: the link was replaced"
}

swapped_ passwd "the file holds something other than retry's metrics" ||
	fail=1
cmp -s decoy/etc/passwd passwd.orig ||
	note_ "passwd changed:" "$(cat decoy/etc/passwd)" || fail=1
swapped_ fifo '.*decoy/etc/fifo is a FIFO, not a regular file' || fail=1
test -p decoy/etc/fifo || note_ "the FIFO is gone" || fail=1
# A link to a file that is not there (as /etc/nologin, which would stop
# every login): not followed, so nothing is made through it.
swapped_ nologin 'M/x.prom is a symbolic link, not followed' || fail=1
test ! -e decoy/etc/nologin || note_ "nologin was made" || fail=1
# The same link planted before the run: refused at the start.
refused_ --metrics=M/x.prom -- touch ran || fail=1
grep -q 'M/x.prom is a symbolic link, not followed' err ||
	note_ "a planted link to nothing:" "$(cat err)" || fail=1
test "$(cd decoy/etc && echo *)" = 'fifo passwd' ||
	note_ "made through a planted link:" "$(ls -a decoy/etc)" || fail=1

Exit "$fail"
