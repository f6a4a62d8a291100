/* SPDX-License-Identifier: ISC */
/*
 * Descriptor helpers: raising a pipe's size, and asking whether a pipe
 * holds anything now.
 */
#include "config.h"

#include <fcntl.h>
#include <sys/ioctl.h>

#include "fdutil.h"

/*
 * Raise the pipe fd to PIPE_BIG bytes, where the system lets us: fewer
 * wake-ups and larger moves on both sides. Best effort; nothing else
 * changes for the other end. Not a pipe, or a refusal: left as it is.
 */
void
pipe_enlarge(int fd)
{
#ifdef F_SETPIPE_SZ
	int	size = fcntl(fd, F_GETPIPE_SZ);

	if (size != -1 && size < PIPE_BIG)
		fcntl(fd, F_SETPIPE_SZ, PIPE_BIG);
#else
	(void)fd;
#endif
}

/*
 * Whether a pipe holds nothing now (its end may have come or not: a
 * writer still there is not waited for).
 */
int
pipe_empty(int fd)
{
	int	n;

	return ioctl(fd, FIONREAD, &n) == 0 && n == 0;
}
