/* SPDX-License-Identifier: ISC */
/*
 * Unit tests of spool.c: bytes kept in memory up to a bound and beyond it in
 * an unlinked temporary file. Appends below, at and across the bound (bounds
 * of 0 and 16 bytes make the file part show up at once), reads at every
 * boundary, chunked appends against a reference buffer, writing a spool out,
 * moving a pipe's bytes in with splice, reuse after truncate and free, and
 * the temporary file itself: unlinked, 0600, close-on-exec, in $TMPDIR, an
 * error when $TMPDIR cannot hold it.
 */
#include <check.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check_run.h"
#include "proc/spool.h"

#define nitems(a) (sizeof (a) / sizeof (a)[0])

#define SMALL	16		/* a memory bound that is quickly passed */

/* The memory bounds that the loop tests go through. */
static const size_t bounds[] = {
	0, 1, SMALL, 4095, 4096, 5000, 65536, SPOOL_MEM_DEFAULT
};

/* Fill buf with bytes from a fixed xorshift sequence: NULs and all. */
static void
fill_random(unsigned char *buf, size_t len, uint64_t seed)
{
	uint64_t	x = seed * 2654435761ULL + 88172645463325252ULL;
	size_t		i;

	for (i = 0; i < len; i++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		buf[i] = (unsigned char)(x >> 24);
	}
}

static unsigned char *
xmalloc(size_t len)
{
	unsigned char	*p;

	p = malloc(len != 0 ? len : 1);
	ck_assert_msg(p != NULL, "out of memory for %zu bytes", len);
	return p;
}

/* Read the whole spool back with spool_read_at; return its length. */
static size_t
read_back(struct spool *sp, unsigned char *buf, size_t size)
{
	size_t	got = 0;
	ssize_t	n;

	for (;;) {
		n = spool_read_at(sp, got, buf + got, size - got);
		ck_assert_msg(n >= 0, "read_at(%zu) failed: %s", got,
		    strerror(errno));
		if (n == 0)
			break;
		got += (size_t)n;
		ck_assert_msg(got <= size, "read_at returned %zu bytes in all, "
		    "more than the %zu appended", got, size);
	}
	return got;
}

/* The spool holds exactly the len bytes of ref. */
static void
assert_holds(struct spool *sp, const unsigned char *ref, size_t len)
{
	unsigned char	*buf;
	size_t		 got, i;

	ck_assert_msg(sp->len == len, "len is %llu, expected %zu",
	    (unsigned long long)sp->len, len);
	buf = xmalloc(len + 1);
	got = read_back(sp, buf, len + 1);
	ck_assert_msg(got == len, "read back %zu bytes, expected %zu", got,
	    len);
	/* memcmp first: each ck_assert costs Check a write to its pipe. */
	if (memcmp(buf, ref, len) != 0) {
		for (i = 0; buf[i] == ref[i]; i++)
			continue;
		ck_abort_msg("byte %zu is 0x%02x, expected 0x%02x", i, buf[i],
		    ref[i]);
	}
	free(buf);
}

/* dir/name, malloc'ed. */
static char *
path_join(const char *dir, const char *name)
{
	size_t	 len = strlen(dir) + 1 + strlen(name) + 1;
	char	*path;

	path = (char *)xmalloc(len);
	snprintf(path, len, "%s/%s", dir, name);
	return path;
}

/* A fresh empty directory; the path is malloc'ed. */
static char *
fresh_dir(void)
{
	const char	*base = getenv("TMPDIR");
	char		*path;

	if (base == NULL || *base == '\0')
		base = "/tmp";
	path = path_join(base, "check_spool.XXXXXX");
	ck_assert_msg(mkdtemp(path) != NULL, "mkdtemp %s: %s", path,
	    strerror(errno));
	return path;
}

/* The number of entries in dir, bar . and .. */
static int
count_entries(const char *dir)
{
	DIR		*d;
	struct dirent	*de;
	int		 n = 0;

	ck_assert_msg((d = opendir(dir)) != NULL, "opendir %s: %s", dir,
	    strerror(errno));
	while ((de = readdir(d)) != NULL) {
		if (strcmp(de->d_name, ".") != 0 &&
		    strcmp(de->d_name, "..") != 0)
			n++;
	}
	closedir(d);
	return n;
}

/* The spool's file has a name in dir (for an unlinked file, its last one). */
static void
assert_file_in(struct spool *sp, const char *dir)
{
	char	link[64], target[PATH_MAX];
	ssize_t	n;
	size_t	dlen = strlen(dir);

	if (access("/proc/self/fd", F_OK) != 0)
		return;		/* no procfs: the other checks must do */
	snprintf(link, sizeof link, "/proc/self/fd/%d", sp->fd);
	n = readlink(link, target, sizeof target - 1);
	ck_assert_msg(n > 0, "readlink %s: %s", link, strerror(errno));
	target[n] = '\0';
	ck_assert_msg(strncmp(target, dir, dlen) == 0 && target[dlen] == '/',
	    "the spool's file is %s, not in %s", target, dir);
	ck_assert_msg(strstr(target, "(deleted)") != NULL,
	    "the spool's file %s is not deleted", target);
}

START_TEST(an_empty_spool_holds_nothing_and_has_no_file)
{
	struct spool	sp;
	char		c;

	spool_init(&sp, SMALL);
	ck_assert_int_eq(sp.fd, -1);
	ck_assert_uint_eq(sp.len, 0);
	ck_assert_int_eq(spool_read_at(&sp, 0, &c, 1), 0);
	ck_assert_int_eq(spool_append(&sp, "", 0), 0);
	ck_assert_uint_eq(sp.len, 0);
	ck_assert_int_eq(sp.fd, -1);
	spool_free(&sp);
}
END_TEST

START_TEST(appends_below_the_bound_stay_in_memory)
{
	struct spool	sp;

	spool_init(&sp, SMALL);
	ck_assert_int_eq(spool_append(&sp, "hello", 5), 0);
	ck_assert_int_eq(spool_append(&sp, ", world", 7), 0);
	ck_assert_int_eq(sp.fd, -1);
	ck_assert_uint_eq(sp.mem_len, 12);
	assert_holds(&sp, (const unsigned char *)"hello, world", 12);
	spool_free(&sp);
}
END_TEST

START_TEST(an_append_that_fills_the_bound_exactly_opens_no_file)
{
	struct spool	sp;
	const char	*s = "0123456789abcdef";

	spool_init(&sp, SMALL);
	ck_assert_int_eq(spool_append(&sp, s, 10), 0);
	ck_assert_int_eq(spool_append(&sp, s + 10, 6), 0);
	ck_assert_int_eq(sp.fd, -1);
	ck_assert_uint_eq(sp.mem_len, SMALL);
	ck_assert_uint_le(sp.mem_cap, SMALL);
	assert_holds(&sp, (const unsigned char *)s, SMALL);

	/* One byte more goes to the file. */
	ck_assert_int_eq(spool_append(&sp, "!", 1), 0);
	ck_assert_int_ne(sp.fd, -1);
	ck_assert_uint_eq(sp.mem_len, SMALL);
	assert_holds(&sp, (const unsigned char *)"0123456789abcdef!", 17);
	spool_free(&sp);
}
END_TEST

START_TEST(an_append_across_the_bound_is_split_between_memory_and_file)
{
	struct spool	sp;
	const char	*s = "0123456789abcdefghijklmnopqrstuvwxyz";
	struct stat	st;

	spool_init(&sp, SMALL);
	ck_assert_int_eq(spool_append(&sp, s, 4), 0);
	ck_assert_int_eq(spool_append(&sp, s + 4, 32), 0);
	ck_assert_int_ne(sp.fd, -1);
	ck_assert_uint_eq(sp.mem_len, SMALL);
	ck_assert_uint_le(sp.mem_cap, SMALL);
	ck_assert_int_eq(fstat(sp.fd, &st), 0);
	ck_assert_int_eq(st.st_size, 36 - SMALL);
	assert_holds(&sp, (const unsigned char *)s, 36);
	spool_free(&sp);
}
END_TEST

START_TEST(a_zero_bound_puts_every_byte_in_the_file)
{
	struct spool	sp;
	struct stat	st;

	spool_init(&sp, 0);
	ck_assert_int_eq(spool_append(&sp, "abc", 3), 0);
	ck_assert_int_ne(sp.fd, -1);
	ck_assert_uint_eq(sp.mem_len, 0);
	ck_assert_int_eq(spool_append(&sp, "defg", 4), 0);
	ck_assert_int_eq(fstat(sp.fd, &st), 0);
	ck_assert_int_eq(st.st_size, 7);
	assert_holds(&sp, (const unsigned char *)"abcdefg", 7);
	spool_free(&sp);
}
END_TEST

START_TEST(memory_never_grows_past_its_bound)
{
	size_t		 bound = bounds[_i], len = bound + 70000, off, n;
	unsigned char	*ref;
	struct spool	 sp;

	ref = xmalloc(len);
	fill_random(ref, len, bound);
	spool_init(&sp, bound);
	for (off = 0; off < len; off += n) {
		n = 1 + (off * 7919) % 3001;
		if (n > len - off)
			n = len - off;
		ck_assert_int_eq(spool_append(&sp, ref + off, n), 0);
		ck_assert_msg(sp.mem_cap <= bound && sp.mem_len <= bound,
		    "bound %zu: %zu bytes in a buffer of %zu", bound,
		    sp.mem_len, sp.mem_cap);
	}
	ck_assert_uint_eq(sp.mem_len, bound);
	assert_holds(&sp, ref, len);
	spool_free(&sp);
	free(ref);
}
END_TEST

/*
 * 40 bytes with a bound of 16: every offset from 0 to past the end, with
 * lengths that end before, at and after the bound and the end.
 */
START_TEST(read_at_returns_the_right_bytes_at_every_boundary)
{
	static const size_t	 lens[] = { 1, 2, 15, 16, 17, 24, 40, 100 };
	const size_t		 total = 40;
	unsigned char		 ref[40], buf[100];
	struct spool		 sp;
	uint64_t		 off;
	size_t			 i, want;
	ssize_t			 n;

	fill_random(ref, total, 40);
	spool_init(&sp, SMALL);
	ck_assert_int_eq(spool_append(&sp, ref, total), 0);
	for (off = 0; off <= total + 2; off++) {
		for (i = 0; i < nitems(lens); i++) {
			memset(buf, 0xa5, sizeof buf);
			n = spool_read_at(&sp, off, buf, lens[i]);
			if (off >= total) {
				ck_assert_msg(n == 0, "read_at(%llu, %zu) at "
				    "or past the end gave %zd",
				    (unsigned long long)off, lens[i], n);
				continue;
			}
			want = lens[i] < total - off ? lens[i] :
			    total - (size_t)off;
			ck_assert_msg(n >= 1 && (size_t)n <= want,
			    "read_at(%llu, %zu) gave %zd, expected 1..%zu",
			    (unsigned long long)off, lens[i], n, want);
			if (off >= SMALL)
				ck_assert_msg((size_t)n == want,
				    "read_at(%llu, %zu) in the file gave %zd, "
				    "expected %zu", (unsigned long long)off,
				    lens[i], n, want);
			ck_assert_msg(memcmp(buf, ref + off, (size_t)n) == 0,
			    "read_at(%llu, %zu): wrong bytes",
			    (unsigned long long)off, lens[i]);
			ck_assert_msg((size_t)n == sizeof buf ||
			    buf[n] == 0xa5, "read_at(%llu, %zu) wrote past "
			    "the %zd bytes it returned",
			    (unsigned long long)off, lens[i], n);
		}
	}
	ck_assert_int_eq(spool_read_at(&sp, UINT64_MAX, buf, 1), 0);
	ck_assert_int_eq(spool_read_at(&sp, (uint64_t)1 << 40, buf, 1), 0);
	spool_free(&sp);
}
END_TEST

/*
 * 40 bytes with a bound of 16: a write over kept bytes, at every offset
 * and of lengths that stay in memory, cross the bound or lie in the
 * file, changes those bytes alone; one past the end is refused.
 */
START_TEST(write_at_changes_only_the_bytes_it_covers)
{
	static const size_t	 lens[] = { 0, 1, 8, 15, 16, 17, 40 };
	const size_t		 total = 40;
	unsigned char		 ref[40], over[40], want[40], got[40];
	struct spool		 sp;
	size_t			 off, i, k;
	ssize_t			 n;

	fill_random(ref, total, 41);
	fill_random(over, total, 42);
	for (off = 0; off <= total; off++) {
		for (i = 0; i < nitems(lens); i++) {
			spool_init(&sp, SMALL);
			ck_assert_int_eq(spool_append(&sp, ref, total), 0);
			if (off + lens[i] > total) {
				ck_assert_int_eq(spool_write_at(&sp, off, over,
				    lens[i]), -1);
				ck_assert_int_eq(errno, EINVAL);
				spool_free(&sp);
				continue;
			}
			ck_assert_int_eq(spool_write_at(&sp, off, over,
			    lens[i]), 0);
			memcpy(want, ref, total);
			memcpy(want + off, over, lens[i]);
			for (k = 0; k < total; k += (size_t)n) {
				n = spool_read_at(&sp, k, got + k, total - k);
				ck_assert_int_gt(n, 0);
			}
			ck_assert_msg(memcmp(got, want, total) == 0,
			    "write_at(%zu, %zu): wrong bytes", off, lens[i]);
			ck_assert_uint_eq(sp.len, total);
			spool_free(&sp);
		}
	}
}
END_TEST

START_TEST(many_small_appends_equal_one_big_one)
{
	const size_t	 len = 3 * 512 * 1024;
	size_t		 bound = bounds[_i], off, n;
	unsigned char	*ref;
	struct spool	 chunks, whole;
	uint64_t	 x = 12345;

	ref = xmalloc(len);
	fill_random(ref, len, 1000 + bound);
	spool_init(&chunks, bound);
	spool_init(&whole, bound);
	for (off = 0; off < len; off += n) {
		/* Chunk sizes of 1 to 8192 bytes, from a fixed sequence. */
		x = x * 6364136223846793005ULL + 1442695040888963407ULL;
		n = 1 + (size_t)(x >> 51);
		if (n > len - off)
			n = len - off;
		ck_assert_int_eq(spool_append(&chunks, ref + off, n), 0);
	}
	ck_assert_int_eq(spool_append(&whole, ref, len), 0);
	assert_holds(&chunks, ref, len);
	assert_holds(&whole, ref, len);
	ck_assert_uint_eq(chunks.mem_len, whole.mem_len);
	spool_free(&chunks);
	spool_free(&whole);
	free(ref);
}
END_TEST

START_TEST(truncate_empties_the_spool_for_reuse)
{
	size_t		 bound = bounds[_i];
	const size_t	 len1 = bound + 50000, len2 = bound / 2 + 300;
	unsigned char	*ref1, *ref2, *both;
	struct spool	 sp;
	struct stat	 st;
	char		 c;

	ref1 = xmalloc(len1);
	ref2 = xmalloc(len2);
	fill_random(ref1, len1, 1);
	fill_random(ref2, len2, 2);
	spool_init(&sp, bound);
	ck_assert_int_eq(spool_append(&sp, ref1, len1), 0);
	ck_assert_int_ne(sp.fd, -1);
	spool_truncate(&sp);
	ck_assert_uint_eq(sp.len, 0);
	ck_assert_uint_eq(sp.mem_len, 0);
	ck_assert_int_eq(spool_read_at(&sp, 0, &c, 1), 0);
	if (sp.fd != -1) {
		ck_assert_int_eq(fstat(sp.fd, &st), 0);
		ck_assert_int_eq(st.st_size, 0);
	}

	/* Shorter new contents: nothing of the old shows through. */
	ck_assert_int_eq(spool_append(&sp, ref2, len2), 0);
	assert_holds(&sp, ref2, len2);
	if (len2 > bound) {
		ck_assert_int_eq(fstat(sp.fd, &st), 0);
		ck_assert_int_eq(st.st_size, len2 - bound);
	}

	/* And again, longer than the first time. */
	spool_truncate(&sp);
	ck_assert_int_eq(spool_append(&sp, ref1, len1), 0);
	ck_assert_int_eq(spool_append(&sp, ref2, len2), 0);
	both = xmalloc(len1 + len2);
	memcpy(both, ref1, len1);
	memcpy(both + len1, ref2, len2);
	assert_holds(&sp, both, len1 + len2);
	spool_free(&sp);
	free(both);
	free(ref1);
	free(ref2);
}
END_TEST

START_TEST(free_closes_the_file_and_the_spool_can_be_used_again)
{
	unsigned char	ref[5 * SMALL];
	struct spool	sp;
	int		fd;

	fill_random(ref, sizeof ref, 3);
	spool_init(&sp, SMALL);
	ck_assert_int_eq(spool_append(&sp, ref, sizeof ref), 0);
	fd = sp.fd;
	ck_assert_int_ne(fd, -1);
	spool_free(&sp);
	ck_assert_int_eq(sp.fd, -1);
	ck_assert_ptr_null(sp.mem);
	ck_assert_uint_eq(sp.len, 0);
	ck_assert_uint_eq(sp.mem_len, 0);
	ck_assert_uint_eq(sp.mem_limit, SMALL);
	ck_assert_msg(fcntl(fd, F_GETFD) == -1 && errno == EBADF,
	    "fd %d is still open after spool_free", fd);

	/* Used again as it is, */
	ck_assert_int_eq(spool_append(&sp, ref, sizeof ref), 0);
	assert_holds(&sp, ref, sizeof ref);
	spool_free(&sp);

	/* and after a new spool_init with another bound. */
	spool_init(&sp, 2);
	ck_assert_int_eq(spool_append(&sp, ref + 1, 9), 0);
	ck_assert_uint_eq(sp.mem_len, 2);
	assert_holds(&sp, ref + 1, 9);
	spool_free(&sp);

	/* A second free is harmless. */
	spool_free(&sp);
	ck_assert_int_eq(sp.fd, -1);
}
END_TEST

START_TEST(the_file_is_unlinked_private_and_closed_on_exec)
{
	struct spool	sp;
	struct stat	st;
	char		*dir;
	int		flags;

	dir = fresh_dir();
	ck_assert_int_eq(setenv("TMPDIR", dir, 1), 0);
	umask(0);	/* 0600 must not depend on the umask */
	spool_init(&sp, SMALL);
	ck_assert_int_eq(spool_append(&sp, "0123456789abcdefXYZ", 19), 0);
	ck_assert_int_ne(sp.fd, -1);
	ck_assert_int_eq(fstat(sp.fd, &st), 0);
	ck_assert_msg(S_ISREG(st.st_mode), "not a regular file: 0%o",
	    (unsigned)st.st_mode);
	ck_assert_msg(st.st_nlink == 0, "the file has %lu links",
	    (unsigned long)st.st_nlink);
	ck_assert_msg((st.st_mode & 07777) == 0600, "mode 0%o, not 0600",
	    (unsigned)(st.st_mode & 07777));
	ck_assert_msg(st.st_uid == geteuid(), "owned by uid %lu",
	    (unsigned long)st.st_uid);
	flags = fcntl(sp.fd, F_GETFD);
	ck_assert_msg(flags != -1 && (flags & FD_CLOEXEC),
	    "the file would leak into an attempt: no FD_CLOEXEC");
	ck_assert_int_eq(count_entries(dir), 0);
	spool_free(&sp);
	ck_assert_int_eq(count_entries(dir), 0);
	ck_assert_int_eq(rmdir(dir), 0);
	free(dir);
}
END_TEST

START_TEST(the_file_is_made_in_tmpdir)
{
	unsigned char	 ref[3 * SPOOL_MEM_DEFAULT / 2];
	struct spool	 sp;
	struct stat	 st, dst;
	char		*dir;

	dir = fresh_dir();
	ck_assert_int_eq(setenv("TMPDIR", dir, 1), 0);
	fill_random(ref, sizeof ref, 4);
	spool_init(&sp, SPOOL_MEM_DEFAULT);
	ck_assert_int_eq(spool_append(&sp, ref, sizeof ref), 0);
	ck_assert_int_ne(sp.fd, -1);
	ck_assert_int_eq(fstat(sp.fd, &st), 0);
	ck_assert_int_eq(stat(dir, &dst), 0);
	ck_assert_msg(st.st_dev == dst.st_dev,
	    "the file is not on $TMPDIR's file system");
	assert_file_in(&sp, dir);
	ck_assert_int_eq(count_entries(dir), 0);
	assert_holds(&sp, ref, sizeof ref);
	spool_free(&sp);
	ck_assert_int_eq(count_entries(dir), 0);
	ck_assert_int_eq(rmdir(dir), 0);
	free(dir);
}
END_TEST

START_TEST(an_unset_or_empty_tmpdir_means_tmp)
{
	struct spool	sp;

	if (_i == 0)
		ck_assert_int_eq(unsetenv("TMPDIR"), 0);
	else
		ck_assert_int_eq(setenv("TMPDIR", "", 1), 0);
	spool_init(&sp, 0);
	ck_assert_int_eq(spool_append(&sp, "x", 1), 0);
	ck_assert_int_ne(sp.fd, -1);
	assert_file_in(&sp, "/tmp");
	assert_holds(&sp, (const unsigned char *)"x", 1);
	spool_free(&sp);
}
END_TEST

/* Append past the bound with TMPDIR=dir: -1 with errno, no file, no crash. */
static void
assert_no_room_in(const char *dir)
{
	unsigned char	ref[3 * SMALL];
	struct spool	sp;

	ck_assert_int_eq(setenv("TMPDIR", dir, 1), 0);
	fill_random(ref, sizeof ref, 6);
	spool_init(&sp, SMALL);
	ck_assert_int_eq(spool_append(&sp, ref, 10), 0);
	errno = 0;
	ck_assert_msg(spool_append(&sp, ref + 10, sizeof ref - 10) == -1,
	    "TMPDIR=%s: the append past the bound succeeded", dir);
	ck_assert_msg(errno != 0, "TMPDIR=%s: -1 without errno", dir);
	ck_assert_int_eq(sp.fd, -1);
	ck_assert_msg(sp.len <= SMALL, "TMPDIR=%s: len %llu counts bytes "
	    "that were not kept", dir, (unsigned long long)sp.len);

	/* What was kept is still right, and a later append fails again. */
	assert_holds(&sp, ref, (size_t)sp.len);
	errno = 0;
	ck_assert_int_eq(spool_append(&sp, ref, sizeof ref), -1);
	ck_assert_int_ne(errno, 0);
	spool_free(&sp);
}

START_TEST(a_nonexistent_tmpdir_makes_an_append_past_the_bound_fail)
{
	char	*dir, *missing;

	dir = fresh_dir();
	missing = path_join(dir, "missing");
	assert_no_room_in(missing);
	ck_assert_int_eq(rmdir(dir), 0);
	free(missing);
	free(dir);
}
END_TEST

START_TEST(a_tmpdir_that_is_a_file_makes_an_append_past_the_bound_fail)
{
	char	*dir, *file;
	int	 fd;

	dir = fresh_dir();
	file = path_join(dir, "file");
	ck_assert_int_ne(fd = open(file, O_WRONLY | O_CREAT, 0600), -1);
	close(fd);
	assert_no_room_in(file);
	unlink(file);
	rmdir(dir);
	free(file);
	free(dir);
}
END_TEST

START_TEST(an_unwritable_tmpdir_makes_an_append_past_the_bound_fail)
{
	char	*dir;

	/* root may write anywhere: a read-only procfs then stands in. */
	dir = fresh_dir();
	ck_assert_int_eq(chmod(dir, 0500), 0);
	if (access(dir, W_OK) != 0)
		assert_no_room_in(dir);
	else if (access("/proc/self", F_OK) == 0)
		assert_no_room_in("/proc");
	chmod(dir, 0700);
	ck_assert_int_eq(count_entries(dir), 0);
	rmdir(dir);
	free(dir);
}
END_TEST

/* A pipe holding the len bytes of buf (len fits in its buffer). */
static void
pipe_with(int p[2], const unsigned char *buf, size_t len, int close_writer)
{
	ck_assert_int_eq(pipe(p), 0);
	ck_assert_int_eq(fcntl(p[0], F_SETFL, O_NONBLOCK), 0);
	ck_assert_msg(write(p[1], buf, len) == (ssize_t)len,
	    "cannot put %zu bytes in a pipe", len);
	if (close_writer) {
		close(p[1]);
		p[1] = -1;
	}
}

/* Does spool_splice_from work here (not ENOSYS)? */
static int
have_splice(void)
{
	struct spool	sp;
	int		p[2], ok;

	spool_init(&sp, 0);
	pipe_with(p, (const unsigned char *)"x", 1, 1);
	ok = !(spool_splice_from(&sp, p[0], 1) == -1 && errno == ENOSYS);
	close(p[0]);
	spool_free(&sp);
	return ok;
}

/* Splice all of the pipe p into sp; 0 if splice(2) is not there. */
static int
splice_all(struct spool *sp, int fd, size_t chunk)
{
	ssize_t	n;

	for (;;) {
		n = spool_splice_from(sp, fd, chunk);
		if (n == -1 && errno == ENOSYS)
			return 0;
		ck_assert_msg(n >= 0, "spool_splice_from: %s", strerror(errno));
		if (n == 0)
			return 1;
		ck_assert_msg((size_t)n <= chunk,
		    "spliced %zd bytes, asked for %zu", n, chunk);
	}
}

START_TEST(splice_below_the_bound_asks_for_a_plain_copy)
{
	unsigned char	ref[30], buf[20];
	struct spool	sp;
	int		p[2];

	fill_random(ref, sizeof ref, 21);
	spool_init(&sp, SMALL);
	ck_assert_int_eq(spool_append(&sp, ref, 10), 0);
	pipe_with(p, ref + 10, 20, 1);
	errno = 0;
	ck_assert_int_eq(spool_splice_from(&sp, p[0], 4096), -1);
	ck_assert_msg(errno == EINVAL || errno == ENOSYS,
	    "errno %d (%s), not EINVAL: the caller would not fall back",
	    errno, strerror(errno));
	ck_assert_int_eq(sp.fd, -1);
	assert_holds(&sp, ref, 10);

	/* The pipe's bytes are still there for the plain copy. */
	ck_assert_int_eq(read(p[0], buf, sizeof buf), 20);
	ck_assert(memcmp(buf, ref + 10, 20) == 0);
	close(p[0]);
	spool_free(&sp);
}
END_TEST

START_TEST(splice_past_the_bound_appends_the_pipe_bytes_exactly)
{
	static const size_t	 sizes[] = { 0, 1, SMALL };
	size_t			 bound = sizes[_i], len = bound + 50000;
	unsigned char		*ref;
	struct spool		 sp;
	struct stat		 st;
	int			 p[2];

	ref = xmalloc(len);
	fill_random(ref, len, 22 + bound);
	spool_init(&sp, bound);
	ck_assert_int_eq(spool_append(&sp, ref, bound), 0);
	pipe_with(p, ref + bound, len - bound, 1);
	if (splice_all(&sp, p[0], 4096)) {
		assert_holds(&sp, ref, len);
		ck_assert_int_eq(fstat(sp.fd, &st), 0);
		ck_assert_int_eq(st.st_size, len - bound);
		ck_assert_msg(st.st_nlink == 0, "the file has a name");
	}
	close(p[0]);
	spool_free(&sp);
	free(ref);
}
END_TEST

START_TEST(splice_from_an_empty_pipe_is_eagain_and_changes_nothing)
{
	unsigned char	ref[SMALL + 5];
	struct spool	sp;
	int		p[2];
	ssize_t		n;

	fill_random(ref, sizeof ref, 23);
	spool_init(&sp, SMALL);
	ck_assert_int_eq(spool_append(&sp, ref, sizeof ref), 0);
	ck_assert_int_eq(pipe(p), 0);
	errno = 0;
	n = spool_splice_from(&sp, p[0], 4096);
	if (!(n == -1 && errno == ENOSYS)) {
		ck_assert_msg(n == -1 && errno == EAGAIN,
		    "an empty pipe with a writer gave %zd (%s)", n,
		    strerror(errno));
		assert_holds(&sp, ref, sizeof ref);
	}
	close(p[0]);
	close(p[1]);
	spool_free(&sp);
}
END_TEST

START_TEST(appends_and_splices_interleave_in_order)
{
	const size_t	 len = 3 * 4096 + 777;
	unsigned char	*ref;
	struct spool	 sp;
	size_t		 off = 0;
	int		 p[2];

	if (!have_splice())
		return;
	ref = xmalloc(len);
	fill_random(ref, len, 24);
	spool_init(&sp, SMALL);
	ck_assert_int_eq(spool_append(&sp, ref, 10), 0);
	ck_assert_int_eq(spool_append(&sp, ref + 10, 20), 0);	/* across */
	off = 30;
	pipe_with(p, ref + off, 1000, 1);
	ck_assert(splice_all(&sp, p[0], 300));
	close(p[0]);
	off += 1000;
	ck_assert_int_eq(spool_append(&sp, ref + off, 5), 0);
	off += 5;
	pipe_with(p, ref + off, 4096, 1);
	ck_assert(splice_all(&sp, p[0], 65536));
	close(p[0]);
	off += 4096;
	ck_assert_int_eq(spool_append(&sp, ref + off, len - off), 0);
	assert_holds(&sp, ref, len);
	spool_free(&sp);
	free(ref);
}
END_TEST

START_TEST(splice_with_no_tmpdir_is_an_error_not_a_fallback)
{
	unsigned char	 ref[SMALL + 8];
	struct spool	 sp;
	char		*dir, *missing;
	int		 p[2];
	ssize_t		 n;

	dir = fresh_dir();
	missing = path_join(dir, "missing");
	ck_assert_int_eq(setenv("TMPDIR", missing, 1), 0);
	fill_random(ref, sizeof ref, 25);
	spool_init(&sp, SMALL);
	ck_assert_int_eq(spool_append(&sp, ref, SMALL), 0);
	pipe_with(p, ref + SMALL, 8, 1);
	errno = 0;
	n = spool_splice_from(&sp, p[0], 4096);
	ck_assert_int_eq(n, -1);
	ck_assert_msg(errno != 0 && errno != EAGAIN && errno != EINVAL,
	    "errno %d (%s) would pass for 'try again' or 'copy instead'",
	    errno, strerror(errno));
	ck_assert_int_eq(sp.fd, -1);
	assert_holds(&sp, ref, SMALL);
	close(p[0]);
	spool_free(&sp);
	rmdir(dir);
	free(missing);
	free(dir);
}
END_TEST

/* The number of descriptors open in this process. */
static int
open_fds(void)
{
	int	fd, n = 0;

	for (fd = 0; fd < 1024; fd++)
		n += fcntl(fd, F_GETFD) != -1;
	return n;
}

/*
 * Splices pass through the spool's own pipe: a whole 1 MiB pipe comes
 * across exactly, the spool keeps the same descriptors however often it is
 * emptied and refilled, and gives them all back when freed.
 */
START_TEST(splices_of_a_large_pipe_keep_a_fixed_set_of_descriptors)
{
	const size_t	 len = 1024 * 1024;
	unsigned char	*ref;
	struct spool	 sp;
	int		 before, during = -1, round, p[2];
	pid_t		 pid;

	if (!have_splice())
		return;
	ref = xmalloc(len);
	fill_random(ref, len, 26);
	before = open_fds();
	spool_init(&sp, SMALL);
	for (round = 0; round < 5; round++) {
		ck_assert_int_eq(spool_append(&sp, ref, SMALL), 0);
		ck_assert_int_eq(pipe(p), 0);
		ck_assert_int_eq(fcntl(p[0], F_SETFL, O_NONBLOCK), 0);
		if ((pid = fork()) == 0) {	/* a writer: 1 MiB > the pipe */
			close(p[0]);
			_exit(write(p[1], ref + SMALL, len - SMALL) ==
			    (ssize_t)(len - SMALL) ? 0 : 1);
		}
		close(p[1]);
		for (;;) {
			ssize_t n = spool_splice_from(&sp, p[0], len);

			if (n == 0)
				break;
			ck_assert_msg(n > 0 || errno == EAGAIN,
			    "spool_splice_from: %s", strerror(errno));
			if (n == -1)
				usleep(1000);
		}
		close(p[0]);
		waitpid(pid, NULL, 0);
		assert_holds(&sp, ref, len);
		if (during == -1)
			during = open_fds();
		ck_assert_int_eq(open_fds(), during);
		spool_truncate(&sp);
	}
	spool_free(&sp);
	ck_assert_int_eq(open_fds(), before);
	free(ref);
}
END_TEST

/*
 * A file that cannot take the bytes (here: past RLIMIT_FSIZE, EFBIG) makes
 * the splice fail: the bytes taken from the pipe are not dropped silently.
 */
START_TEST(a_file_that_refuses_the_bytes_fails_the_splice)
{
	unsigned char	ref[SMALL + 8192];
	struct spool	sp;
	pid_t		pid;
	int		st, p[2];

	if (!have_splice())
		return;
	fill_random(ref, sizeof ref, 27);
	if ((pid = fork()) == 0) {
		struct rlimit	rl = { 4096, 4096 };
		ssize_t		n;

		signal(SIGXFSZ, SIG_IGN);
		if (setrlimit(RLIMIT_FSIZE, &rl) == -1)
			_exit(3);
		spool_init(&sp, SMALL);
		if (spool_append(&sp, ref, SMALL) == -1)
			_exit(4);
		pipe_with(p, ref + SMALL, 8192, 1);
		do
			n = spool_splice_from(&sp, p[0], 8192);
		while (n > 0);
		_exit(n == -1 && errno == EFBIG ? 0 : 1);
	}
	ck_assert_int_eq(waitpid(pid, &st, 0), pid);
	ck_assert_msg(WIFEXITED(st) && WEXITSTATUS(st) == 0,
	    "past RLIMIT_FSIZE the splice did not fail with EFBIG (%d)", st);
}
END_TEST

/*
 * A file that takes no splice (here: one opened O_APPEND, which splice(2)
 * refuses with EINVAL) once bytes have left the source pipe: they are
 * copied into the file by hand, never handed back as "copy instead" (the
 * caller would read past them); later calls say EINVAL before taking any.
 */
START_TEST(a_file_that_takes_no_splice_loses_no_bytes)
{
	const size_t	 len = SMALL + 40000;
	unsigned char	*ref, buf[40000];
	struct spool	 sp;
	char		*dir, *path;
	ssize_t		 n;
	int		 p[2];

	if (!have_splice())
		return;
	ref = xmalloc(len);
	fill_random(ref, len, 28);
	dir = fresh_dir();
	path = path_join(dir, "append");
	spool_init(&sp, SMALL);
	ck_assert_int_eq(spool_append(&sp, ref, SMALL), 0);
	sp.fd = open(path, O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0600);
	ck_assert_int_ne(sp.fd, -1);
	unlink(path);
	pipe_with(p, ref + SMALL, 40000, 1);

	n = spool_splice_from(&sp, p[0], 10000);
	ck_assert_msg(n == 10000, "first splice: %zd (%s)", n, strerror(errno));
	errno = 0;
	ck_assert_int_eq(spool_splice_from(&sp, p[0], 10000), -1);
	ck_assert_int_eq(errno, EINVAL);
	/* The caller's plain copy finds the rest where it was. */
	ck_assert_int_eq(read(p[0], buf, sizeof buf), 30000);
	ck_assert_int_eq(spool_append(&sp, buf, 30000), 0);
	assert_holds(&sp, ref, len);
	close(p[0]);
	spool_free(&sp);
	rmdir(dir);
	free(path);
	free(dir);
	free(ref);
}
END_TEST

static Suite *
spool_suite(void)
{
	Suite	*s;
	TCase	*tc;

	s = suite_create("spool");

	/* Generous limits: the machine may be loaded; none is a timing test. */
	tc = tcase_create("bound");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, an_empty_spool_holds_nothing_and_has_no_file);
	tcase_add_test(tc, appends_below_the_bound_stay_in_memory);
	tcase_add_test(tc,
	    an_append_that_fills_the_bound_exactly_opens_no_file);
	tcase_add_test(tc,
	    an_append_across_the_bound_is_split_between_memory_and_file);
	tcase_add_test(tc, a_zero_bound_puts_every_byte_in_the_file);
	tcase_add_loop_test(tc, memory_never_grows_past_its_bound, 0,
	    nitems(bounds));
	suite_add_tcase(s, tc);

	tc = tcase_create("read");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, read_at_returns_the_right_bytes_at_every_boundary);
	tcase_add_test(tc, write_at_changes_only_the_bytes_it_covers);
	tcase_add_loop_test(tc, many_small_appends_equal_one_big_one, 0,
	    nitems(bounds));
	suite_add_tcase(s, tc);

	tc = tcase_create("splice");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, splice_below_the_bound_asks_for_a_plain_copy);
	tcase_add_loop_test(tc,
	    splice_past_the_bound_appends_the_pipe_bytes_exactly, 0, 3);
	tcase_add_test(tc,
	    splice_from_an_empty_pipe_is_eagain_and_changes_nothing);
	tcase_add_test(tc, appends_and_splices_interleave_in_order);
	tcase_add_test(tc, splice_with_no_tmpdir_is_an_error_not_a_fallback);
	tcase_add_test(tc,
	    splices_of_a_large_pipe_keep_a_fixed_set_of_descriptors);
	tcase_add_test(tc, a_file_that_refuses_the_bytes_fails_the_splice);
	tcase_add_test(tc, a_file_that_takes_no_splice_loses_no_bytes);
	suite_add_tcase(s, tc);

	tc = tcase_create("reuse");
	tcase_set_timeout(tc, 60);
	tcase_add_loop_test(tc, truncate_empties_the_spool_for_reuse, 0,
	    nitems(bounds));
	tcase_add_test(tc,
	    free_closes_the_file_and_the_spool_can_be_used_again);
	suite_add_tcase(s, tc);

	tc = tcase_create("file");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, the_file_is_unlinked_private_and_closed_on_exec);
	tcase_add_test(tc, the_file_is_made_in_tmpdir);
	tcase_add_loop_test(tc, an_unset_or_empty_tmpdir_means_tmp, 0, 2);
	tcase_add_test(tc,
	    a_nonexistent_tmpdir_makes_an_append_past_the_bound_fail);
	tcase_add_test(tc,
	    a_tmpdir_that_is_a_file_makes_an_append_past_the_bound_fail);
	tcase_add_test(tc,
	    an_unwritable_tmpdir_makes_an_append_past_the_bound_fail);
	suite_add_tcase(s, tc);

	return s;
}

int
main(void)
{
	return check_run(spool_suite());
}
