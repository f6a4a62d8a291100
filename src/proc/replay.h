/* SPDX-License-Identifier: ISC */
/*
 * An attempt's standard input: retry's stdin replayed to every attempt
 * (a lazy tee into a spool, or a regular file rewound), passed as it is,
 * or /dev/null. io.c moves it in the event loop with the output; the
 * run's side is struct replay, an attempt's struct replay_path.
 */
#ifndef RETRY_REPLAY_H
#define RETRY_REPLAY_H

#include <poll.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "policy/stdio_mode.h"
#include "proc/fdutil.h"
#include "proc/spool.h"

/* A chunk read at a time, stdin's and the output's (io.c). */
#define IO_CHUNK ((size_t)65536)
/* Bytes per tee(2) or splice(2) into a spool's file. */
#define IO_TEE_MAX ((size_t)PIPE_BIG)

/* The run's side: where stdin comes from and how, and its spool. */
struct replay {
	enum stdin_mode	 mode;
	int		 error;		/* errno: the spool failed */
	int		 tty;		/* replay asked, a terminal: passed */

	/* Replay: a regular file is rewound; anything else is spooled. */
	int		 fifo;		/* stdin is a pipe: tee(2) from it */
	int		 fd;		/* how retry reads stdin (stdin_fd()) */
	int		 rewind;
	off_t		 rewind_to;
	struct spool	 spool;		/* stdin so far, for every attempt */
	int		 eof;		/* retry's stdin is at its end */

	int		 null_fd;	/* --stdin=null */
};

/*
 * One attempt's side: its pipe, fed from the spool at its cursor. Used
 * by one attempt after another; two alive at once need two.
 */
struct replay_path {
	int		 r;		/* the attempt's end of its pipe */
	int		 w;		/* ours; -1 once closed */
	uint64_t	 cursor;	/* bytes of the spool delivered */
	int		 room;		/* the pipe took all we wrote last */
	char		*stage;		/* spool bytes on their way; NULL */
	size_t		 stage_off;
	size_t		 stage_len;
};

int	replay_init(struct replay *in, enum stdin_mode mode, int apart,
	    int closed);
int	replay_path_init(const struct replay *in, struct replay_path *p);
int	replay_prepare(struct replay *in, struct replay_path *p);
int	replay_pollfds(struct replay *in, struct replay_path *p,
	    struct pollfd *pfds);
int	replay_handle(struct replay *in, struct replay_path *p,
	    const struct pollfd *pfd);
void	replay_path_free(struct replay_path *p);
void	replay_free(struct replay *in);

#endif
