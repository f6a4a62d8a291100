/* SPDX-License-Identifier: ISC */
/*
 * Spools. The memory part grows by doubling up to its bound; what comes
 * after goes to a temporary file that is unlinked at once, so it never
 * outlives retry, not even a SIGKILL. A failed write (disk full) is an
 * error for the caller: nothing is dropped silently.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "proc/fdutil.h"
#include "proc/spool.h"

void
spool_init(struct spool *sp, size_t mem_limit)
{
	memset(sp, 0, sizeof *sp);
	sp->mem_limit = mem_limit;
	sp->fd = -1;
	sp->bounce[0] = sp->bounce[1] = -1;
}

/* Open the unlinked file of the spool, in $TMPDIR or /tmp. */
static int
spool_open_file(struct spool *sp)
{
	const char	*dir = getenv("TMPDIR");
	char		 path[4096];
	int		 fd, e;

	if (dir == NULL || *dir == '\0')
		dir = "/tmp";
#if HAVE_DECL_O_TMPFILE
	/* Without O_TMPFILE (macOS), a name that lives a moment. */
	fd = open(dir, O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
	if (fd != -1) {
		sp->fd = fd;
		return 0;
	}
#endif
	if ((size_t)snprintf(path, sizeof path, "%s/retry.XXXXXX", dir) >=
	    sizeof path) {
		errno = ENAMETOOLONG;
		return -1;
	}
	if ((fd = mkstemp(path)) == -1)
		return -1;
	if (unlink(path) == -1 || fcntl(fd, F_SETFD, FD_CLOEXEC) == -1) {
		e = errno;
		close(fd);
		errno = e;
		return -1;
	}
	sp->fd = fd;
	return 0;
}

/* Write all of buf at offset off of the file. */
static int
pwrite_all(int fd, const char *buf, size_t len, off_t off)
{
	ssize_t	n;

	while (len > 0) {
		n = pwrite(fd, buf, len, off);
		if (n == -1 && errno == EINTR)
			continue;
		if (n == -1)
			return -1;
		if (n == 0) {
			errno = ENOSPC;
			return -1;
		}
		buf += n;
		len -= (size_t)n;
		off += n;
	}
	return 0;
}

/* Copy len bytes into memory, growing it; they fit under the bound. */
static int
spool_append_mem(struct spool *sp, const char *buf, size_t len)
{
	size_t	cap;
	char	*p;

	if (sp->mem_len + len > sp->mem_cap) {
		cap = sp->mem_cap != 0 ? sp->mem_cap : 4096;
		while (cap < sp->mem_len + len)
			cap *= 2;
		if (cap > sp->mem_limit)
			cap = sp->mem_limit;
		if ((p = realloc(sp->mem, cap)) == NULL)
			return -1;
		sp->mem = p;
		sp->mem_cap = cap;
	}
	memcpy(sp->mem + sp->mem_len, buf, len);
	sp->mem_len += len;
	return 0;
}

/* Append len bytes. -1 with errno when they cannot all be kept. */
int
spool_append(struct spool *sp, const void *data, size_t len)
{
	const char	*buf = data;
	size_t		 room;

	if (len == 0)
		return 0;
	room = sp->mem_limit - sp->mem_len;
	if (sp->len == sp->mem_len && room > 0) {
		if (room > len)
			room = len;
		if (spool_append_mem(sp, buf, room) == -1)
			return -1;
		sp->len += room;
		buf += room;
		len -= room;
	}
	if (len == 0)
		return 0;
	if (sp->fd == -1 && spool_open_file(sp) == -1)
		return -1;
	if (pwrite_all(sp->fd, buf, len, (off_t)(sp->len - sp->mem_len)) == -1)
		return -1;
	sp->len += len;
	return 0;
}

/*
 * Read up to len bytes from offset off: the bytes there, 0 at the end, -1
 * on a read error.
 */
ssize_t
spool_read_at(struct spool *sp, uint64_t off, void *buf, size_t len)
{
	ssize_t	n;

	if (off >= sp->len)
		return 0;
	if (len > sp->len - off)
		len = (size_t)(sp->len - off);
	if (off < sp->mem_len) {
		if (len > sp->mem_len - off)
			len = sp->mem_len - (size_t)off;
		memcpy(buf, sp->mem + off, len);
		return (ssize_t)len;
	}
	do
		n = pread(sp->fd, buf, len, (off_t)(off - sp->mem_len));
	while (n == -1 && errno == EINTR);
	return n;
}

/*
 * Write len bytes over those kept at offset off, all of them kept
 * already (a field filled in once its value is known). -1 with errno.
 */
int
spool_write_at(struct spool *sp, uint64_t off, const void *data, size_t len)
{
	const char	*buf = data;
	size_t		 n;

	if (off > sp->len || len > sp->len - off) {
		errno = EINVAL;
		return -1;
	}
	if (off < sp->mem_len) {
		n = sp->mem_len - (size_t)off < len ?
		    sp->mem_len - (size_t)off : len;
		memcpy(sp->mem + off, buf, n);
		buf += n;
		len -= n;
		off += n;
	}
	if (len == 0)
		return 0;
	return pwrite_all(sp->fd, buf, len, (off_t)(off - sp->mem_len));
}

#ifdef HAVE_SPLICE
/*
 * The spool's own pipe, which data from the source pipe passes through on
 * its way to the file: splice(2) into a file holds the source pipe's lock
 * while the file is written, and the process filling that pipe (the
 * producer on retry's stdin, the attempt on its stdout) would wait on the
 * lock all that time; a splice from pipe to pipe only moves page
 * references and lets go at once. Measured on 1 GiB: perf showed the
 * producer spinning on the pipe lock for a tenth of its time.
 */
static int
bounce_open(struct spool *sp)
{
	if (sp->bounce[0] != -1)
		return 0;
	if (pipe_make(sp->bounce, O_CLOEXEC | O_NONBLOCK) == -1)
		return -1;
	pipe_enlarge(sp->bounce[1]);
	return 0;
}

/* Close the bounce pipe, and whatever it holds; a fresh one next time. */
static void
bounce_close(struct spool *sp)
{
	if (sp->bounce[0] != -1) {
		close(sp->bounce[0]);
		close(sp->bounce[1]);
		sp->bounce[0] = sp->bounce[1] = -1;
	}
}

/* Copy the n bytes in the bounce pipe to the end of the file by hand. */
static int
bounce_copy(struct spool *sp, size_t n)
{
	char	buf[16384];
	ssize_t	m;

	while (n > 0) {
		m = read(sp->bounce[0], buf, n < sizeof buf ? n : sizeof buf);
		if (m == -1 && errno == EINTR)
			continue;
		if (m <= 0) {
			errno = EIO;	/* the bytes were there */
			return -1;
		}
		if (pwrite_all(sp->fd, buf, (size_t)m,
		    (off_t)(sp->len - sp->mem_len)) == -1)
			return -1;
		sp->len += (uint64_t)m;
		n -= (size_t)m;
	}
	return 0;
}

/*
 * Move all n bytes in the bounce pipe to the end of the file. They have
 * left the source already: whatever happens they are written or the
 * spool fails, never handed back as "try again" or "copy instead". A file
 * that takes no splice gets them by hand, and no splice after that.
 */
static int
bounce_to_file(struct spool *sp, size_t n)
{
	loff_t	off;
	ssize_t	m;

	while (n > 0) {
		off = (loff_t)(sp->len - sp->mem_len);
		m = splice(sp->bounce[0], NULL, sp->fd, &off, n, 0);
		if (m == -1 && errno == EINTR)
			continue;
		if (m == -1 && (errno == EINVAL || errno == ENOSYS)) {
			sp->no_splice = 1;
			if (bounce_copy(sp, n) == -1)
				break;
			return 0;
		}
		if (m <= 0) {
			if (m == 0)
				errno = EIO;
			break;
		}
		sp->len += (uint64_t)m;
		n -= (size_t)m;
	}
	if (n == 0)
		return 0;
	if (errno == EAGAIN || errno == EINVAL || errno == ENOSYS)
		errno = EIO;
	bounce_close(sp);	/* no stale bytes ahead of later ones */
	return -1;
}
#endif

/*
 * Move up to len bytes from the pipe fd to the end of the spool's file, in
 * the kernel (splice(2)), once the memory part is full. Returns the bytes
 * moved, 0 at the pipe's end, -1 with errno (EAGAIN: nothing there now;
 * EINVAL or ENOSYS: not possible here, read and append instead).
 */
ssize_t
spool_splice_from(struct spool *sp, int fd, size_t len)
{
#ifdef HAVE_SPLICE
	ssize_t	n;

	if (sp->len < sp->mem_limit || sp->no_splice) {
		errno = EINVAL;
		return -1;
	}
	if (sp->fd == -1 && spool_open_file(sp) == -1)
		return -1;
	if (bounce_open(sp) == -1)
		return -1;
	do
		n = splice(fd, NULL, sp->bounce[1], NULL, len,
		    SPLICE_F_NONBLOCK);
	while (n == -1 && errno == EINTR);
	if (n > 0 && bounce_to_file(sp, (size_t)n) == -1)
		return -1;
	return n;
#else
	(void)sp;
	(void)fd;
	(void)len;
	errno = ENOSYS;
	return -1;
#endif
}

/* Empty the spool for reuse; memory and file are kept. */
void
spool_truncate(struct spool *sp)
{
	sp->mem_len = 0;
	sp->len = 0;
	if (sp->fd != -1 && ftruncate(sp->fd, 0) == -1) {
		close(sp->fd);	/* a fresh file next time, then */
		sp->fd = -1;
	}
}

void
spool_free(struct spool *sp)
{
	free(sp->mem);
	if (sp->fd != -1)
		close(sp->fd);
#ifdef HAVE_SPLICE
	bounce_close(sp);
#endif
	spool_init(sp, sp->mem_limit);
}
