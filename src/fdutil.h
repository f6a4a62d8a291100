/* SPDX-License-Identifier: ISC */
/* Small helpers for descriptors that several modules share. */
#ifndef RETRY_FDUTIL_H
#define RETRY_FDUTIL_H

#define PIPE_BIG 1048576	/* bytes: Linux's default pipe-max-size */

int	pipe_make(int [2], int);
void	pipe_enlarge(int);
int	pipe_held(int);
int	pipe_empty(int);

#endif
