/* SPDX-License-Identifier: ISC */
/*
 * Sinks: stdout and stderr as retry writes them. retry shares those
 * descriptors with the attempts, so it may not make them non-blocking:
 * O_NONBLOCK belongs to the open file description, and the attempt would
 * meet EAGAIN in its own writes. So each sink finds, once, a way to write
 * its descriptor that cannot block:
 *
 * - a regular file or block device: written as it is (a file does not
 *   stall on a reader);
 * - a socket (journald's stdout stream): send(2) with MSG_DONTWAIT, which
 *   is per call;
 * - a pipe, FIFO or terminal: a new open file description of the same
 *   object, opened through /proc/self/fd with O_NONBLOCK, ours alone;
 * - a pipe that /proc does not reopen (no /proc; another user's pipe, as
 *   under sudo -u): bytes go into a pipe of our own and on with
 *   splice(2) and SPLICE_F_NONBLOCK, which does not block on a full
 *   pipe whatever its description says;
 * - anything else (a terminal /proc does not reopen; a pipe or terminal
 *   where there is no /proc to reopen it, as on macOS, whose /dev/fd
 *   duplicates the descriptor): poll(2) for room, then at most PIPE_BUF
 *   bytes. That one is best effort: another writer may fill the room
 *   between the two calls.
 *
 * What the reader cannot take now waits in the sink; eventloop_wait()
 * polls for room and writes it, so timers and signals go on meanwhile.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#ifdef HAVE_SYS_SENDFILE_H
#include <sys/sendfile.h>
#endif

#include "proc/fdutil.h"
#include "proc/sink.h"

/* SIGPIPE is blocked in retry: the flag only spares a pending one. */
#ifndef MSG_NOSIGNAL
#define MSG_NOSIGNAL 0
#endif

enum sink_how {
	SINK_UNSET,
	SINK_PLAIN,		/* a file: write(2) as it is */
	SINK_SOCKET,		/* send(2) with MSG_DONTWAIT */
	SINK_REOPENED,		/* our own non-blocking description */
	SINK_SPLICED,		/* through our own pipe, splice(2) on */
	SINK_POLLED,		/* poll(2), then at most PIPE_BUF bytes */
};

struct sink {
	int		 fd;		/* STDOUT_FILENO or STDERR_FILENO */
	int		 wfd;		/* what we write: fd, or our own */
	enum sink_how	 how;
	int		 error;		/* errno of a failed write, or 0 */
	int		 await;		/* poll for room: someone waits */
	char		*buf;		/* bytes the reader has not taken */
	size_t		 off;
	size_t		 len;
	size_t		 cap;
	int		 priv[2];	/* SINK_SPLICED: our pipe */
	size_t		 inpriv;	/* bytes in it, on their way */
	uint64_t	 given;		/* bytes taken in, written or kept */
	uint64_t	 out_end;	/* given, after the attempt's last */
	int		 lost;		/* errno of a failure that dropped
					   the attempt's output, or 0 */
	char		 last;		/* the last byte taken in */
};

static struct sink	sinks[2] = {
	{ STDOUT_FILENO, STDOUT_FILENO, SINK_UNSET, 0, 0, NULL, 0, 0, 0,
	    { -1, -1 }, 0, 0, 0, 0, '\n' },
	{ STDERR_FILENO, STDERR_FILENO, SINK_UNSET, 0, 0, NULL, 0, 0, 0,
	    { -1, -1 }, 0, 0, 0, 0, '\n' },
};
static uint64_t		written;	/* by all sinks: a progress mark */
static uint64_t		moved_at;	/* when bytes last went, or began
					   to wait */

static uint64_t
now_ns(void)
{
	struct timespec	ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
}

/* Bytes reached a reader: a reader that takes something is not stalled. */
static void
moved(size_t n)
{
	written += (uint64_t)n;
	moved_at = now_ns();
}

/* Bytes wait in k: for its reader, or in our pipe on their way. */
static size_t
waiting(const struct sink *k)
{
	return k->len - k->off + k->inpriv;
}

/*
 * A write failed for good with e: drop what waits. That is the last bytes
 * taken in, so the attempt's output was among them if its last byte came
 * after the first of them; messages alone may be lost, output may not.
 */
static void
drop(struct sink *k, int e)
{
	k->error = e;
	if (k->out_end > k->given - waiting(k))
		k->lost = e;
	k->off = k->len = k->inpriv = 0;
}

/* Decide how to write the descriptor without blocking. */
static void
sink_open(struct sink *k)
{
#ifdef HAVE_PROC_SELF_FD
	char		path[] = "/proc/self/fd/N";
	int		fd;
#endif
	struct stat	st;

	k->how = SINK_POLLED;
	k->wfd = k->fd;
	if (fstat(k->fd, &st) == -1)
		return;		/* the write will say what is wrong */
	if (S_ISREG(st.st_mode) || S_ISBLK(st.st_mode)) {
		k->how = SINK_PLAIN;
		return;
	}
	if (S_ISSOCK(st.st_mode)) {
		k->how = SINK_SOCKET;
		return;
	}
#ifdef HAVE_PROC_SELF_FD
	path[sizeof path - 2] = (char)('0' + k->fd);
	fd = open(path, O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	if (fd != -1) {
		k->wfd = fd;
		k->how = SINK_REOPENED;
		return;
	}
	if (errno == ENXIO && S_ISFIFO(st.st_mode)) {
		k->error = EPIPE;	/* a FIFO with no reader left */
		return;
	}
#endif
#ifdef HAVE_SPLICE
	if (S_ISFIFO(st.st_mode) &&
	    pipe_make(k->priv, O_NONBLOCK | O_CLOEXEC) == 0)
		k->how = SINK_SPLICED;
#endif
}

/*
 * SINK_SPLICED: move what is in our pipe on to the reader's, as far as
 * it has room. 0, or -1 on an error for good.
 */
static int
splice_on(struct sink *k)
{
#ifdef HAVE_SPLICE
	ssize_t	n;

	while (k->inpriv > 0) {
		n = splice(k->priv[0], NULL, k->fd, NULL, k->inpriv,
		    SPLICE_F_NONBLOCK);
		if (n == -1 && errno == EINTR)
			continue;
		if (n == -1 && errno == EAGAIN)
			return 0;
		if (n <= 0) {
			if (n == 0)
				errno = EIO;
			return -1;
		}
		k->inpriv -= (size_t)n;
		moved((size_t)n);
	}
#else
	(void)k;
#endif
	return 0;
}

static struct sink *
sink_get(int fd)
{
	struct sink	*k = &sinks[fd == STDERR_FILENO];

	if (k->how == SINK_UNSET)
		sink_open(k);
	return k;
}

/* One write that does not block: bytes written, or -1 (EAGAIN: full). */
static ssize_t
write_once(struct sink *k, const char *buf, size_t len)
{
	struct pollfd	pfd;

	ssize_t		n;

	switch (k->how) {
	case SINK_SOCKET:
		return send(k->fd, buf, len, MSG_DONTWAIT | MSG_NOSIGNAL);
	case SINK_SPLICED:
		/* Bytes in our pipe are on their way: they go first. */
		if (splice_on(k) == -1)
			return -1;
		if (k->inpriv > 0) {
			errno = EAGAIN;
			return -1;
		}
		if ((n = write(k->priv[1], buf, len)) > 0) {
			k->inpriv = (size_t)n;
			if (splice_on(k) == -1)
				return -1;
		}
		return n;
	case SINK_POLLED:
		pfd.fd = k->fd;
		pfd.events = POLLOUT;
		if (poll(&pfd, 1, 0) == 0) {
			errno = EAGAIN;
			return -1;
		}
		return write(k->fd, buf, len < PIPE_BUF ? len : PIPE_BUF);
	default:
		return write(k->wfd, buf, len);
	}
}

/*
 * Write as much of buf as the reader takes now (for SINK_SPLICED: into
 * our pipe, on its way to the reader's); fresh: buf is new, not yet
 * counted in given (not what waits in the sink). Returns the bytes
 * written, or -1 when the write failed for good (k->error says why).
 */
static ssize_t
push(struct sink *k, const char *buf, size_t len, int fresh)
{
	size_t	done = 0;
	ssize_t	n;

	if (k->error != 0) {
		errno = k->error;
		return -1;
	}
	while (done < len) {
		n = write_once(k, buf + done, len - done);
		if (n == -1 && errno == EINTR)
			continue;
		if (n == -1 && errno == EAGAIN)
			break;
		if (n <= 0) {
			drop(k, n == 0 ? EIO : errno);
			errno = k->error;
			return -1;
		}
		done += (size_t)n;
		/* New bytes count as each write takes them: drop() may follow. */
		if (fresh)
			k->given += (uint64_t)n;
		if (k->how != SINK_SPLICED)	/* splice_on() counts */
			moved((size_t)n);
	}
	return (ssize_t)done;
}

/*
 * Write what fd's reader takes of buf now, without blocking; nothing while
 * earlier bytes still wait (they go first). Returns the bytes written, or
 * -1 with errno when writing fd failed for good (EPIPE: no reader).
 */
ssize_t
sink_try(int fd, const void *buf, size_t len)
{
	struct sink	*k = sink_get(fd);
	ssize_t		 n;

	if (k->error != 0) {
		errno = k->error;
		return -1;
	}
	if (k->len > k->off)
		return 0;
	n = push(k, buf, len, 1);
	if (n > 0)
		k->last = ((const char *)buf)[n - 1];
	return n;
}

/* Write buf to fd: what the reader does not take now waits in the sink. */
static int
keep(int fd, const void *buf, size_t len)
{
	struct sink	*k = sink_get(fd);
	ssize_t		 n;
	size_t		 cap;
	char		*p;

	if ((n = sink_try(fd, buf, len)) == -1)
		return -1;
	buf = (const char *)buf + n;
	len -= (size_t)n;
	if (len == 0)
		return 0;
	if (waiting(k) == 0)
		moved_at = now_ns();	/* the reader's time starts now */
	if (k->off > 0) {	/* keep what waits at the front */
		memmove(k->buf, k->buf + k->off, k->len - k->off);
		k->len -= k->off;
		k->off = 0;
	}
	if (k->len + len > k->cap) {
		cap = k->cap != 0 ? k->cap : 4096;
		while (cap < k->len + len)
			cap *= 2;
		if ((p = realloc(k->buf, cap)) == NULL)
			return -1;
		k->buf = p;
		k->cap = cap;
	}
	memcpy(k->buf + k->len, buf, len);
	k->len += len;
	k->given += (uint64_t)len;
	k->last = ((const char *)buf)[len - 1];
	return 0;
}

/*
 * Write the attempt's output to fd, as keep() does; sink_lost() tells
 * whether a later failure dropped some of it.
 */
int
sink_write(int fd, const void *buf, size_t len)
{
	struct sink	*k = sink_get(fd);

	if (keep(fd, buf, len) == -1)
		return -1;
	k->out_end = k->given;
	return 0;
}

/*
 * A message of retry's own, to stderr. It never waits and never fails the
 * run: with SINK_MESSAGES_MAX bytes already waiting for a stalled reader,
 * it is dropped.
 */
void
sink_message(const char *buf, size_t len)
{
	struct sink	*k = sink_get(STDERR_FILENO);

	if (waiting(k) + len > SINK_MESSAGES_MAX)
		return;
	(void)keep(STDERR_FILENO, buf, len);
}

/*
 * Whether what went to fd through the sinks ends inside a line: its last
 * byte is not a newline. (Not what the attempt wrote to fd itself.)
 */
int
sink_mid_line(int fd)
{
	return sink_get(fd)->last != '\n';
}

/* Bytes waiting to be written to fd. */
size_t
sink_pending(int fd)
{
	return waiting(&sinks[fd == STDERR_FILENO]);
}

/* The errno of a write to fd that failed for good, or 0. */
int
sink_error(int fd)
{
	return sinks[fd == STDERR_FILENO].error;
}

/*
 * The errno of a write to fd that failed for good after sink_write() had
 * taken output that was still waiting, which is then lost; or 0.
 */
int
sink_lost(int fd)
{
	return sinks[fd == STDERR_FILENO].lost;
}

/*
 * Copy up to len bytes of the file in at *off to fd in the kernel, without
 * blocking. Returns the bytes copied, or -1: EAGAIN when the reader has no
 * room now (or earlier bytes wait), EINVAL when fd cannot be written so
 * (copy by hand), else an error for good.
 */
ssize_t
sink_sendfile(int fd, int in, off_t *off, size_t len)
{
#ifdef HAVE_SYS_SENDFILE_H
	struct sink	*k = sink_get(fd);
	ssize_t		 n;
	char		 c;

	if (k->error != 0) {
		errno = k->error;
		return -1;
	}
	if (k->how != SINK_PLAIN && k->how != SINK_REOPENED) {
		errno = EINVAL;
		return -1;
	}
	if (waiting(k) > 0) {
		errno = EAGAIN;
		return -1;
	}
	do
		n = sendfile(k->wfd, in, off, len);
	while (n == -1 && errno == EINTR);
	if (n > 0) {
		moved((size_t)n);
		/* The last byte sent, for sink_mid_line(). */
		if (pread(in, &c, 1, *off - 1) == 1)
			k->last = c;
	} else if (n == -1 && errno != EAGAIN && errno != EINVAL &&
	    errno != ENOSYS)
		k->error = errno;
	if (n == -1 && errno == ENOSYS)
		errno = EINVAL;
	return n;
#else
	(void)fd;
	(void)in;
	(void)off;
	(void)len;
	errno = EINVAL;
	return -1;
#endif
}

/*
 * Have the next wait watch fd for room, with nothing waiting in the sink:
 * for a writer that moves bytes by itself (sendfile) and met a full pipe.
 */
void
sink_await(int fd)
{
	sink_get(fd)->await = 1;
}

/*
 * The descriptors to watch for room: those of sinks with bytes waiting,
 * and those awaited once.
 */
int
sink_pollfds(struct pollfd *pfds)
{
	int	i, n = 0;

	for (i = 0; i < 2; i++) {
		if ((waiting(&sinks[i]) == 0 && !sinks[i].await) ||
		    sinks[i].error != 0)
			continue;
		sinks[i].await = 0;
		pfds[n].fd = sinks[i].wfd;
		pfds[n].events = POLLOUT;
		pfds[n++].revents = 0;
	}
	return n;
}

/* Write what waits, as far as the readers take it now. */
void
sink_flush(void)
{
	struct sink	*k;
	ssize_t		 n;
	int		 i;

	for (i = 0; i < 2; i++) {
		k = &sinks[i];
		if (k->error != 0 || waiting(k) == 0)
			continue;
		if (k->inpriv > 0 && splice_on(k) == -1) {
			drop(k, errno);
			continue;
		}
		if (k->len == k->off)
			continue;
		if ((n = push(k, k->buf + k->off, k->len - k->off, 0)) == -1)
			continue;
		k->off += (size_t)n;
		if (k->off == k->len)
			k->off = k->len = 0;
	}
}

/* All bytes the sinks wrote so far: it grows while readers read. */
uint64_t
sink_written(void)
{
	return written;
}

/*
 * When bytes last reached a reader, or began to wait for one: a reader
 * that has taken nothing since then for SINK_STALL_NS has stalled.
 */
uint64_t
sink_moved_at(void)
{
	return moved_at;
}
