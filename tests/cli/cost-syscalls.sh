#!/bin/sh
# SPDX-License-Identifier: ISC
# What `retry -- /bin/true` costs, in system calls: a count, not a time,
# so that it cannot flake, and a run that uses no store, no terminal and
# no sleep pays for none of them (issue 28).  strace -f -c counts retry
# with its child; the same count for /bin/true alone is taken off, which
# leaves retry's own.  Run in a session of its own (no terminal), with
# an empty environment but PATH, stdin /dev/null, stdout and stderr files.
#
# Raising a limit is a decision a commit must explain.  retry is linked
# dynamically (issue 39: as distributions require), with the C library
# alone: hiredis, c-ares and OpenSSL are loaded when a store is used.
# Its 81 calls today (strace -c counts no exit_group: it does not return):
#
#  29  the dynamic loader and libc's start-up (execve to munmap), libc
#      only: the store's libraries are loaded when used (src/proc/dynlib.h);
#   1  ppoll of fds 0, 1, 2 at once: a closed one (POLLNVAL) gets
#      /dev/null (io_guard_stdfds);
#   1  getrandom: 64 bytes, the run's id and the seed of every draw (rng.c);
#   1  rt_sigprocmask: its signals blocked but in its waits, and PIPE
#      and XFSZ even there (blocked, not ignored: nothing to set back in
#      the child);
#   9  rt_sigaction: CHLD, CONT and the 7 stop signals;
#   2  getpgrp and prctl PR_SET_CHILD_SUBREAPER (supervise_init);
#   1  open /dev/tty (ENXIO here: no terminal);
#   2  ioctl TCGETS and fstat of fd 0: is stdin a terminal, /dev/null;
#   5  RETRY_CONTROL: geteuid, lstat of the user's retry-UID directory
#      (kept from run to run), open, fchmod, close;
#   3  the spawn: stop signals blocked, vfork, the mask back;
#   3  the exec pipe: pipe2, and its two ends closed unread once the
#      child has shown that vfork shares retry's memory (its errno is
#      there then); later attempts make none. Added by issue 40: qemu-user
#      runs vfork as fork, and a first attempt's errno written into
#      retry's memory was lost (a command not found retried as "exit
#      status 127");
#   3  in the child: setpgid, sigpending, the mask back (its execve is
#      /bin/true's, taken off);
#   5  the wait: wait4 (nothing yet), ppoll, rt_sigreturn from the
#      SIGCHLD handler, wait4 (the attempt), wait4 (no more);
#   2  RETRY_CONTROL looked at and removed: lstat (plain and empty: not
#      opened), unlink;
#  14  clock_gettime: the clock's first 16 reads are system calls, not the
#      vDSO's, whose first read faults in two pages (eventloop.c).  Raised
#      from 64 for them: two page faults cost this VM about 25 us, 14 calls
#      about 15 (retry+true 2.4 faults fewer a call, bench/RESULTS.md).
#
# No brk, nor libc's getrandom for malloc: a plain run allocates nothing
# (a heap's first allocation cost it page faults and its page tables).
#
# A static PIE (issue 28 to 39) made 63: 14 for its start-up in place of
# the loader's 29. It went: Debian Policy 10.1 forbids linking glibc
# statically, and the loader's work is 0.03 of the floor (issue 39).
#
# Before issue 28 (main at 93b5be6, hiredis and c-ares shared) it made 130;
# f19d02d, the reference of bench/overhead, 74, without RETRY_CONTROL; at
# a4afca2 74, with a directory made and removed for RETRY_CONTROL each run
# (mkdir, chmod, rmdir), a heap, SIGPIPE and SIGXFSZ ignored (and set back
# in each child) and a fcntl for each standard descriptor.
# At 70761b6 64, with the vDSO's clock (two page faults, no system call).

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

LIMIT=81

command -v strace >/dev/null 2>&1 || skip_ "strace is not installed"
command -v setsid >/dev/null 2>&1 || skip_ "setsid is not installed"
test -x /bin/true || skip_ "no /bin/true"
# The sanitizers' runtime makes system calls of its own (CI's distcheck).
if grep -a -q -e __asan_init -e __ubsan_handle "$RETRY"; then
	skip_ "a sanitized build: its runtime has system calls of its own"
fi

# calls_ FILE CMD...: the total of CMD's system calls, children included.
calls_() {
	f_=$1
	shift
	setsid -w env -i PATH=/usr/bin:/bin strace -f -c -o "$f_" "$@" \
		</dev/null >out 2>err ||
		skip_ "strace cannot trace here:" "$(cat err)"
	awk '$NF == "total" { print $4 }' "$f_"
}

floor=$(calls_ true.sum /bin/true)
# count_ BINARY LIMIT: BINARY's own calls against LIMIT.
# On a loaded machine the attempt may not have ended by retry's first
# look: the wait then goes round once more, one more ppoll() (interrupted
# by SIGCHLD) and one more wait4() than the path costs. Those repeats are
# scheduling, not the path, so each ppoll() (a portable build's poll())
# past the path's 2 takes off itself and its wait4(); at most 2 such
# rounds, so that a wait that
# spins still counts. The fewest of up to 3 runs, for anything else the
# load adds.
count_() {
	total=
	for try_ in 1 2 3; do
		t_=$(calls_ retry.sum.$try_ "$1" -- /bin/true)
		# poll() where a build has no ppoll() (--enable-portable).
		p_=$(awk '$NF == "ppoll" || $NF == "poll" { n += $4 }
			END { print n + 0 }' retry.sum.$try_)
		case $t_.$p_ in
		*[!0-9.]* | .* | *.) framework_failure_ "no count: '$t_' '$p_'" ;;
		esac
		r_=$((p_ > 2 ? p_ - 2 : 0))
		test "$r_" -le 2 || r_=2
		t_=$((t_ - 2 * r_))
		if test -z "$total" || test "$t_" -lt "$total"; then
			total=$t_
			rounds=$r_
			cp retry.sum.$try_ retry.sum
		fi
		test $((total - floor)) -le "$2" && break
	done
	test "$rounds" -eq 0 ||
		printf '%s\n' "the wait went round $rounds more time(s):" \
			"$((2 * rounds)) calls taken off" >&2
	case $floor$total in
	'' | *[!0-9]*) framework_failure_ "no counts: '$floor' '$total'" ;;
	esac
	own=$((total - floor))
	test "$own" -le "$2" ||
		note_ "$1 -- /bin/true made $own system calls of its own, more" \
			"than $2:" "$(cat retry.sum)" || fail=1
	# A count far below is a change to explain too (or a broken count).
	test "$own" -ge $(($2 * 3 / 4)) ||
		note_ "only $own system calls of $1's own: the count is broken," \
			"or its limit, $2, should come down:" "$(cat retry.sum)" ||
			fail=1
}

command -v readelf >/dev/null 2>&1 || skip_ "readelf is not installed"
static_binary_ "$RETRY" &&
	skip_ "$RETRY is a static binary: LIMIT counts a dynamic one's loader"
count_ "$RETRY" "$LIMIT"

Exit "$fail"
