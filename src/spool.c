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
#ifdef HAVE_SYS_SENDFILE_H
#include <sys/sendfile.h>
#endif

#include "spool.h"

void
spool_init(struct spool *sp, size_t mem_limit)
{
	memset(sp, 0, sizeof *sp);
	sp->mem_limit = mem_limit;
	sp->fd = -1;
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
#ifdef O_TMPFILE
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

/* Write all len bytes of buf to fd (a blocking descriptor). */
int
write_all(int fd, const void *data, size_t len)
{
	const char	*buf = data;
	ssize_t		 n;

	while (len > 0) {
		n = write(fd, buf, len);
		if (n == -1 && errno == EINTR)
			continue;
		if (n == -1)
			return -1;
		buf += n;
		len -= (size_t)n;
	}
	return 0;
}

/*
 * Send the file part from off on with sendfile(2), which copies in the
 * kernel. Returns the offset reached: where a plain copy must go on.
 */
static uint64_t
send_file_part(struct spool *sp, int fd, uint64_t off)
{
#ifdef HAVE_SYS_SENDFILE_H
	off_t	foff;
	ssize_t	n;

	while (off < sp->len) {
		foff = (off_t)(off - sp->mem_len);
		n = sendfile(fd, sp->fd, &foff, (size_t)(sp->len - off) >
		    (1U << 30) ? (1U << 30) : (size_t)(sp->len - off));
		if (n == -1 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		off += (uint64_t)n;
	}
#else
	(void)sp;
	(void)fd;
#endif
	return off;
}

/* Write the whole spool to fd (a blocking descriptor). */
int
spool_write_to(struct spool *sp, int fd)
{
	char		buf[65536];
	uint64_t	off;
	ssize_t		n;

	if (write_all(fd, sp->mem, sp->mem_len) == -1)
		return -1;
	off = send_file_part(sp, fd, sp->mem_len);
	for (; off < sp->len; off += (uint64_t)n) {
		if ((n = spool_read_at(sp, off, buf, sizeof buf)) <= 0)
			return -1;
		if (write_all(fd, buf, (size_t)n) == -1)
			return -1;
	}
	return 0;
}

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
	loff_t	off;
	ssize_t	n;

	if (sp->len < sp->mem_limit) {
		errno = EINVAL;
		return -1;
	}
	if (sp->fd == -1 && spool_open_file(sp) == -1)
		return -1;
	off = (loff_t)(sp->len - sp->mem_len);
	do
		n = splice(fd, NULL, sp->fd, &off, len, SPLICE_F_NONBLOCK);
	while (n == -1 && errno == EINTR);
	if (n > 0)
		sp->len += (uint64_t)n;
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
	spool_init(sp, sp->mem_limit);
}
