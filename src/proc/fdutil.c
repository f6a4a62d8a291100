/* SPDX-License-Identifier: ISC */
/*
 * Descriptor helpers: making a pipe with its flags (one for a child),
 * raising a pipe's size, asking whether a pipe holds anything now,
 * closing a descriptor once, and opening and reading a file that someone
 * else could have planted, without waiting on it.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "proc/fdutil.h"

/*
 * Make a pipe whose two ends have flags (O_CLOEXEC, O_NONBLOCK or both),
 * as pipe2(2) does. Without pipe2 (macOS), the flags are set after the
 * pipe is made: retry has no other thread that could fork and exec in
 * between and pass the ends on.
 */
int
pipe_make(int p[2], int flags)
{
#ifdef HAVE_PIPE2
	return pipe2(p, flags);
#else
	int	i, e;

	if (pipe(p) == -1)
		return -1;
	for (i = 0; i < 2; i++)
		if (((flags & O_CLOEXEC) &&
		    fcntl(p[i], F_SETFD, FD_CLOEXEC) == -1) ||
		    ((flags & O_NONBLOCK) &&
		    fcntl(p[i], F_SETFL, O_NONBLOCK) == -1)) {
			e = errno;
			close(p[0]);
			close(p[1]);
			errno = e;
			return -1;
		}
	return 0;
#endif
}

/*
 * Raise the pipe fd to PIPE_BIG bytes, where the system lets us: fewer
 * wake-ups and larger moves on both sides. Best effort; nothing else
 * changes for the other end. Not a pipe, or a refusal: left as it is.
 */
void
pipe_enlarge(int fd)
{
#if HAVE_DECL_F_SETPIPE_SZ
	int	size = fcntl(fd, F_GETPIPE_SZ);

	if (size != -1 && size < PIPE_BIG)
		fcntl(fd, F_SETPIPE_SZ, PIPE_BIG);
#else
	(void)fd;
#endif
}

/* How many bytes the pipe fd holds now, or -1. */
int
pipe_held(int fd)
{
	int	n;

	return ioctl(fd, FIONREAD, &n) == 0 ? n : -1;
}

/*
 * Whether a pipe holds nothing now (its end may have come or not: a
 * writer still there is not waited for).
 */
int
pipe_empty(int fd)
{
	return pipe_held(fd) == 0;
}

/*
 * Make a pipe for a child: both ends close-on-exec (the child gets its
 * own with dup2()), and ours (0 the read end, 1 the write end)
 * non-blocking, for the event loop.
 */
int
pipe_for_child(int *r, int *w, int ours)
{
	int	p[2];

	if (pipe_make(p, O_CLOEXEC) == -1)
		return -1;
	*r = p[0];
	*w = p[1];
	return fcntl(p[ours], F_SETFL, O_NONBLOCK);
}

/* Close *fd if it is open, and mark it closed (-1). */
void
fd_close(int *fd)
{
	if (*fd != -1) {
		close(*fd);
		*fd = -1;
	}
}

/* What a file of type (S_IFMT's bits) is, for a message: "a FIFO". */
const char *
fd_kind(mode_t type)
{
	switch (type) {
	case S_IFREG:
		return "a regular file";
	case S_IFDIR:
		return "a directory";
	case S_IFIFO:
		return "a FIFO";
	case S_IFSOCK:
		return "a socket";
	case S_IFCHR:
	case S_IFBLK:
		return "a device";
	case S_IFLNK:
		return "a symbolic link";
	}
	return "a special file";
}

/*
 * Why fd_open_checked() failed with err, having found type (0: nothing
 * seen), for a message: "a FIFO, not a regular file", else strerror().
 * The text lasts until the next call.
 */
const char *
fd_why(int err, mode_t type)
{
	static char	why[48];

	if (type == 0)
		return strerror(err);
	if (type == S_IFLNK)
		return "a symbolic link, not followed";
	snprintf(why, sizeof why, "%s, not a %s", fd_kind(type),
	    err == ENOTDIR ? "directory" : "regular file");
	return why;
}

/* The errno for an opened file of type that want does not take, or 0. */
static int
unwanted(mode_t type, int want)
{
	if (type == S_IFREG)
		return want & FD_FILE ? 0 : ENOTDIR;
	if (type == S_IFDIR)
		return want & FD_DIR ? 0 : EISDIR;
	if (type == S_IFLNK)
		return ELOOP;
	return want & FD_FILE ? EINVAL : ENOTDIR;
}

/*
 * After an open that failed with errno: when the kernel refused what is
 * at path for its kind (a link under O_NOFOLLOW, a socket, a FIFO with no
 * reader to write to, a directory to write to, or not a directory under
 * O_DIRECTORY), *type says what it is and errno is unwanted()'s. -1.
 */
static int
open_failed(int dirfd, const char *path, int flags, int want, mode_t *type)
{
	struct stat	sb;
	int		e = errno;

	if ((e == ELOOP && (flags & O_NOFOLLOW)) || e == ENXIO ||
	    e == EISDIR || (e == ENOTDIR && (flags & O_DIRECTORY))) {
		if (fstatat(dirfd, path, &sb, (flags & O_NOFOLLOW) ?
		    AT_SYMLINK_NOFOLLOW : 0) == 0 &&
		    unwanted(sb.st_mode & S_IFMT, want) != 0) {
			*type = sb.st_mode & S_IFMT;
			e = unwanted(*type, want);
		}
	}
	errno = e;
	return -1;
}

/* Clear O_NONBLOCK on fd: 0, or errno. */
static int
blocking(int fd)
{
	int	fl = fcntl(fd, F_GETFL);

	return fl != -1 && fcntl(fd, F_SETFL, fl & ~O_NONBLOCK) != -1 ? 0 :
	    errno;
}

/*
 * Open path (relative to dirfd, as openat()) where someone else could
 * have put anything: a FIFO or a device, whose open or read could wait
 * for ever, or a terminal, which would become ours. flags are open()'s
 * (O_CREAT, O_NOFOLLOW: as the caller needs); the open never waits, and
 * the descriptor is close-on-exec. What is opened must be what want
 * says (FD_FILE, FD_DIR), as fstat() sees it before anything is read;
 * FD_BLOCKING then clears O_NONBLOCK on a regular file. -1 with errno,
 * and *type (S_IFMT's bits) when the file was refused for its kind:
 * errno EISDIR (a directory), ENOTDIR (where a directory is meant),
 * ELOOP (a link, under O_NOFOLLOW) or EINVAL (a FIFO, a socket, a device).
 */
int
fd_open_checked(int dirfd, const char *path, int flags, mode_t mode, int want,
    mode_t *type)
{
	struct stat	sb;
	int		fd, e;

	*type = 0;
	fd = openat(dirfd, path, flags | O_NONBLOCK | O_NOCTTY | O_CLOEXEC,
	    mode);
	if (fd == -1)
		return open_failed(dirfd, path, flags, want, type);
	if (fstat(fd, &sb) == -1)
		e = errno;
	else if ((e = unwanted(sb.st_mode & S_IFMT, want)) != 0)
		*type = sb.st_mode & S_IFMT;
	else if (!(want & FD_BLOCKING) || !S_ISREG(sb.st_mode) ||
	    (e = blocking(fd)) == 0)
		return fd;
	close(fd);
	errno = e;
	return -1;
}

/*
 * Read all of fd, a regular file, into a malloc'd *buf of *len bytes and
 * a NUL after them. -1 with errno: EFBIG when it holds more than max.
 */
int
fd_read_all(int fd, size_t max, char **buf, size_t *len)
{
	struct stat	 sb;
	size_t		 cap = 4096, got = 0;
	ssize_t		 n = 0;
	char		*b, *more;

	/* Its size now, as a guess: it may grow while it is read. */
	if (fstat(fd, &sb) == 0 && sb.st_size > 0 &&
	    (uintmax_t)sb.st_size < max)
		cap = (size_t)sb.st_size + 1;
	if (cap > max + 1)
		cap = max + 1;
	if ((b = malloc(cap + 1)) == NULL)
		return -1;
	for (;;) {
		if (got > max) {
			errno = EFBIG;
			n = -1;
			break;
		}
		if (got == cap) {
			cap = cap > max / 2 ? max + 1 : cap * 2;
			if ((more = realloc(b, cap + 1)) == NULL) {
				n = -1;
				break;
			}
			b = more;
		}
		if ((n = read(fd, b + got, cap - got)) == -1 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		got += (size_t)n;
	}
	if (n != 0) {
		free(b);
		return -1;
	}
	b[got] = '\0';
	*buf = b;
	*len = got;
	return 0;
}

/*
 * path's directory, into dir[PATH_MAX] ("." for a bare name, "/" for one
 * at the root), and its last part, in path: where a file that replaces
 * path whole is made before it is renamed over it.
 */
const char *
fd_dir_of(const char *path, char *dir)
{
	const char	*slash = strrchr(path, '/');

	if (slash == NULL)
		snprintf(dir, PATH_MAX, ".");
	else if (slash == path)
		snprintf(dir, PATH_MAX, "/");
	else
		snprintf(dir, PATH_MAX, "%.*s", (int)(slash - path), path);
	return slash == NULL ? path : slash + 1;
}
