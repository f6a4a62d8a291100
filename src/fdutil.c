/* SPDX-License-Identifier: ISC */
/*
 * Descriptor helpers: making a pipe with its flags, raising a pipe's size,
 * and asking whether a pipe holds anything now.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "fdutil.h"

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
