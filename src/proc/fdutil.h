/* SPDX-License-Identifier: ISC */
/* Small helpers for descriptors that several modules share. */
#ifndef RETRY_FDUTIL_H
#define RETRY_FDUTIL_H

#include <stddef.h>
#include <sys/types.h>

#define PIPE_BIG 1048576	/* bytes: Linux's default pipe-max-size */

/* What fd_open_checked() accepts, and how it leaves the descriptor. */
#define FD_FILE		0x1	/* a regular file */
#define FD_DIR		0x2	/* a directory */
#define FD_BLOCKING	0x4	/* a regular file's I/O blocks (no O_NONBLOCK) */

int		 pipe_make(int [2], int);
void		 pipe_enlarge(int);
int		 pipe_held(int);
int		 pipe_empty(int);
int		 pipe_for_child(int *, int *, int);
void		 fd_close(int *);
int		 fd_open_checked(int, const char *, int, mode_t, int, mode_t *);
const char	*fd_kind(mode_t);
const char	*fd_why(int, mode_t);
int		 fd_read_all(int, size_t, char **, size_t *);
const char	*fd_dir_of(const char *, char *);

#endif
