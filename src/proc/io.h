/* SPDX-License-Identifier: ISC */
/*
 * An attempt's standard input and output: stdin replayed to every attempt
 * (a lazy tee into a spool), passed as it is or /dev/null (replay.h);
 * stdout streamed untouched or held and released only for a successful
 * attempt.
 */
#ifndef RETRY_IO_H
#define RETRY_IO_H

#include <poll.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "policy/cond.h"
#include "policy/http.h"
#include "policy/stdio_mode.h"
#include "proc/fdutil.h"
#include "proc/held.h"
#include "proc/replay.h"
#include "proc/spool.h"

/* io_init: what retry reads of the attempt's output, beyond conditions. */
#define IO_READ_HTTP	0x1u	/* its HTTP heads (--http) */
#define IO_WATCH_IDLE	0x2u	/* when it last wrote (--idle-timeout) */
#define IO_HOLD_ALL	0x4u	/* hold stderr too, input of its own for
				   each attempt: attempts side by side */

/* io_init: where the attempt's standard output goes. */
enum io_stdout_to {
	IO_STDOUT_TO_STDOUT,	/* retry's own: an attempt's */
	IO_STDOUT_TO_STDERR,	/* retry's stderr: a hook's */
};

#define IO_MAXFDS 4	/* a path's, from io_pollfds() */
#define IO_SEND_MAX ((size_t)1 << 30)	/* bytes per sendfile(2) */

/* How a pump of one stream went. */
#define PUMP_EMPTY 0	/* nothing more there now */
#define PUMP_END 1	/* the stream ended and is closed */
#define PUMP_FULL 2	/* retry's own stream waits for its reader */

/* io_deliver(): the time ran out and the rest was dropped. */
#define IO_LATE 2

/* The run's side: where stdin comes from and how, what output is for. */
struct io {
	struct replay	 in;		/* stdin, its mode, its spool */
	enum stdout_mode out_mode;
	int		 werror;	/* errno of a write that failed, or 0 */
	int		 werror_fd;	/* the stream it failed on */
	int		 stdout_to_stderr;	/* hooks: the attempt's 1 is 2 */

	/*
	 * Conditions on output or --http: both streams pass through retry,
	 * their lines read as they go.
	 */
	int		 through;
	const struct conditions *cond;	/* NULL: none */
	int		 http;		/* --http */
	int		 watch;		/* --idle-timeout */
	int		 hold_all;	/* IO_HOLD_ALL */
	struct held	*held;		/* --output=on-failure; NULL: none */
};

/*
 * One attempt's side: its pipes, where it is in the replay, its held
 * output, its lines. Set up once (io_path_init()) and used by one attempt
 * after another, so that its spool's file, once made, is made no more;
 * two attempts alive at once need two.
 */
struct io_path {
	int		 error;		/* errno of its own failure, or 0 */

	/* Replay: the attempt's pipe, fed from the spool at its cursor. */
	struct replay_path in;

	/* Hold: the attempt's stdout into a spool. */
	struct spool	 out;
	int		 out_r;
	int		 out_w;
	int		 rel_fd;	/* held output on its way here; -1 */
	uint64_t	 rel_off;
	struct spool	 err;		/* held stderr (IO_HOLD_ALL) */
	int		 err_rel_fd;	/* on its way here, first; -1 */
	uint64_t	 err_rel_off;

	/* Passed through (struct io's through): its lines as they go. */
	struct cond_matches *matches;	/* this attempt's, the caller's */
	struct http_seen *seen;		/* this attempt's, the caller's */
	struct http_line out_http;
	struct http_line err_http;
	int		 err_r;
	int		 err_w;
	struct cond_line out_line;
	struct cond_line err_line;
	uint64_t	 last_out;	/* monotonic ns: output last read */
};

int	io_guard_stdfds(void);
int	io_init(struct io *io, enum stdin_mode in, enum stdout_mode out,
	    const struct conditions *cond, unsigned reads,
	    enum io_stdout_to to);
void	io_hold(struct io *io, struct held *held);
int	io_path_init(const struct io *io, struct io_path *path);
int	io_prepare(struct io *io, struct io_path *path,
	    struct cond_matches *m, struct http_seen *h);
void	io_child(const struct io *io, const struct io_path *path);
void	io_started(struct io *io, struct io_path *path);
int	io_pollfds(struct io *io, struct io_path *path, struct pollfd *pfds);
int	io_handle(struct io *io, struct io_path *path,
	    const struct pollfd *pfds, int n);
void	io_ended(struct io *io, struct io_path *path);
int	io_deliver(struct io *io, struct io_path *path, uint64_t until);
void	io_release(struct io *io, struct io_path *path, int success);
uint64_t io_drop(struct io_path *path);
int	io_error(const struct io *io, const struct io_path *path, int *fd);
uint64_t io_last_output(const struct io *io, struct io_path *path);
int	io_writes_stdout(const struct io *io, const struct io_path *path);
int	io_writes_stderr(const struct io *io, const struct io_path *path);
int	io_output_lost(struct io *io);
int	io_terminal_passed(const struct io *io);
void	io_path_free(struct io_path *path);
void	io_free(struct io *io);

#endif
