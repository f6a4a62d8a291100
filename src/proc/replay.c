/* SPDX-License-Identifier: ISC */
/*
 * Stdin replayed to every attempt, so that each reads the same input.
 *
 * Replay is a lazy tee: a byte is read from retry's stdin only when the
 * attempt's pipe has room for it, is kept in a spool, and every later
 * attempt is fed the spool from its start before live data goes on. So an
 * endless producer works, and an attempt that reads nothing costs at most
 * a chunk and a pipe's worth of read-ahead. A regular file is rewound
 * instead: nothing to keep. The run's side (struct replay) has stdin and
 * its spool; an attempt's (struct replay_path), its pipe and its place in
 * that spool. io.c polls and closes what this sets up.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <string.h>
#include <sys/stat.h>
#if defined(__linux__) && defined(HAVE_SYS_SYSMACROS_H)
#include <sys/sysmacros.h>
#endif
#include <unistd.h>

#include "policy/large.h"
#include "policy/room.h"
#include "proc/fdutil.h"
#include "proc/replay.h"

/*
 * Is fd /dev/null? Reading it is the same for every attempt: no replay.
 * On Linux, /dev/null is character device 1, 3 (the kernel's
 * devices.txt): known without a stat of its own.
 */
static int
is_dev_null(const struct stat *st)
{
#if defined(__linux__) && defined(HAVE_SYS_SYSMACROS_H)
	return S_ISCHR(st->st_mode) && major(st->st_rdev) == 1 &&
	    minor(st->st_rdev) == 3;
#else
	struct stat	null;

	return S_ISCHR(st->st_mode) && stat("/dev/null", &null) == 0 &&
	    null.st_rdev == st->st_rdev;
#endif
}

/*
 * A pipe on stdin is read through a non-blocking open file description of
 * retry's own, where /proc gives one: a pipe may have other readers, one
 * of them may take the bytes that poll announced, and a read of the
 * shared, blocking description would then hold retry's timers and
 * signals off. The shared one keeps its flags: they are the attempts'.
 * It is still the one polled (see replay_pollfds()). Opened at the first
 * read: a pipe that ends with nothing in it costs no open. Without
 * /proc (macOS, whose /dev/fd duplicates the descriptor), the
 * descriptor itself, read no further than the pipe holds (stdin_want()).
 */
static int
stdin_fd(struct replay *in)
{
	if (in->fd == -1) {
#ifdef HAVE_PROC_SELF_FD
		in->fd = open("/proc/self/fd/0",
		    O_RDONLY | O_NONBLOCK | O_CLOEXEC);
		if (in->fd == -1)
#endif
			in->fd = STDIN_FILENO;
	}
	return in->fd;
}

/*
 * How much of stdin to read now, when poll said it is ready (hup: it
 * said the writers are gone). Through the shared, blocking description
 * of a pipe, no more than it holds: another reader may have taken what
 * poll announced, and a read of an empty pipe would block. Only the
 * end, which poll tells apart, is read from an empty one. A reader that
 * takes the bytes between the two calls still blocks retry: the one
 * thing the fallback cannot rule out.
 */
static size_t
stdin_want(struct replay *in, int hup)
{
	int	held;

	if (!in->fifo || stdin_fd(in) != STDIN_FILENO ||
	    (held = pipe_held(STDIN_FILENO)) == -1)
		return IO_CHUNK;
	if (held == 0)
		return hup ? IO_CHUNK : 0;
	return (size_t)held < IO_CHUNK ? (size_t)held : IO_CHUNK;
}

/*
 * A stdin to replay: rewound when it is a regular file, spooled
 * otherwise; passed as it is when it is closed or /dev/null.
 */
static void
choose_replay(struct replay *in)
{
	struct stat	st;

	if (fstat(STDIN_FILENO, &st) == -1 || is_dev_null(&st)) {
		in->mode = STDIN_PASS;	/* closed, or nothing to keep */
		return;
	}
	in->fifo = S_ISFIFO(st.st_mode);
	/* The producer blocks less often and each tee(2) moves more. */
	if (in->fifo) {
		pipe_enlarge(STDIN_FILENO);
		in->fd = -1;		/* our own, at the first read */
	}
	if (S_ISREG(st.st_mode)) {
		in->rewind_to = lseek(STDIN_FILENO, 0, SEEK_CUR);
		in->rewind = in->rewind_to != (off_t)-1;
	}
}

/*
 * Settle the stdin mode from what fd 0 is (apart: attempts side by side;
 * closed: retry was started without a stdin).
 */
static void
choose_stdin(struct replay *in, int apart, int closed)
{
	int	tty = in->mode != STDIN_NULL && isatty(STDIN_FILENO);

	/*
	 * Attempts side by side cannot share a terminal's input: they read
	 * /dev/null, and one asked to replay it is told so.
	 */
	if (apart && tty) {
		in->tty = in->mode == STDIN_REPLAY;
		in->mode = STDIN_NULL;
		return;
	}
	if (in->mode == STDIN_DEFAULT)
		in->mode = tty ? STDIN_PASS : STDIN_REPLAY;
	/*
	 * A terminal cannot be replayed, and reading it from the background
	 * would stop retry (SIGTTIN) while the attempt waits for the line.
	 */
	if (in->mode == STDIN_REPLAY && tty) {
		in->mode = STDIN_PASS;
		in->tty = 1;
	}
	if (closed && in->mode == STDIN_REPLAY)
		in->mode = STDIN_PASS;	/* nothing to replay */
	if (in->mode == STDIN_REPLAY)
		choose_replay(in);
}

/*
 * Set up stdin for a run in mode (--stdin): apart when attempts run side
 * by side (--hedge), closed when retry was started without a stdin.
 */
int
replay_init(struct replay *in, enum stdin_mode mode, int apart, int closed)
{
	memset(in, 0, sizeof *in);
	in->mode = mode;
	in->null_fd = -1;
	in->fd = STDIN_FILENO;
	spool_init(&in->spool, SPOOL_MEM_DEFAULT);
	choose_stdin(in, apart, closed);
	/*
	 * A rewound file is one offset for all: attempts side by side read
	 * it through the spool, each at its own place.
	 */
	if (apart)
		in->rewind = 0;
	if (in->mode == STDIN_NULL &&
	    (in->null_fd = open("/dev/null", O_RDONLY | O_CLOEXEC)) == -1)
		return -1;
	return 0;
}

/*
 * A stage in zeroed data, for one path at a time (the attempts of a run
 * without --hedge, one after another): a run whose stdin is a pipe then
 * allocates nothing, where a heap's first allocation costs its set-up
 * and page faults (issue 28), and an empty stdin touches none of it.
 * Copies side by side take the heap for the others.
 */
static char	stage_buf[IO_CHUNK] LARGE_ZEROED;
static struct room stage_room = ROOM_OVER(stage_buf);

/*
 * Set up a path for attempts of the run. The stage is the path's: the
 * spool is the run's, but each attempt reads it at its own cursor, and
 * what it has read and its pipe has not taken yet waits in its stage.
 */
int
replay_path_init(const struct replay *in, struct replay_path *p)
{
	memset(p, 0, sizeof *p);
	p->r = p->w = -1;
	if (in->mode == STDIN_REPLAY && !in->rewind &&
	    (p->stage = room_take(&stage_room, IO_CHUNK)) == NULL)
		return -1;
	return 0;
}

/*
 * Before an attempt starts on path p: rewind, or the pipe it will read.
 * A rewound file is one offset for the run: two attempts alive at once
 * would each need a description of their own.
 */
int
replay_prepare(struct replay *in, struct replay_path *p)
{
	if (in->rewind && lseek(STDIN_FILENO, in->rewind_to, SEEK_SET) == -1)
		return -1;
	if (in->mode != STDIN_REPLAY || in->rewind)
		return 0;
	if (pipe_for_child(&p->r, &p->w, 1) == -1)
		return -1;
	if (in->fifo)	/* fewer, larger tee(2) calls */
		pipe_enlarge(p->w);
	p->cursor = 0;
	p->room = 1;
	p->stage_off = p->stage_len = 0;
	return 0;
}

/*
 * Fill the stage from the spool, where this attempt is behind it. The
 * spool is the run's: a failure to read it is the run's too.
 */
static int
stage_from_spool(struct replay *in, struct replay_path *p)
{
	ssize_t	n;

	if (p->stage_off < p->stage_len || p->cursor >= in->spool.len)
		return 0;
	n = spool_read_at(&in->spool, p->cursor, p->stage, IO_CHUNK);
	if (n < 0) {
		in->error = errno;
		return -1;
	}
	p->stage_off = 0;
	p->stage_len = (size_t)n;
	return 0;
}

/*
 * The descriptors to watch now: the pipe for room while it has bytes to
 * send (or does not know of room), and retry's stdin only once the pipe
 * has room; the pipe is closed when all is sent and stdin ended. None
 * when the spool failed (in->error says so).
 */
int
replay_pollfds(struct replay *in, struct replay_path *p, struct pollfd *pfds)
{
	int	n = 0;

	if (p->w == -1 || stage_from_spool(in, p) == -1)
		return 0;
	if (p->stage_off < p->stage_len || !p->room) {
		pfds[n].fd = p->w;
		pfds[n++].events = POLLOUT;
	} else if (in->eof)
		fd_close(&p->w);
	else {
		/*
		 * Polled on fd 0: a FIFO's POLLHUP is held back on a
		 * description opened while it had no writer.
		 */
		pfds[n].fd = STDIN_FILENO;
		pfds[n++].events = POLLIN;
		pfds[n].fd = p->w;	/* for POLLERR: reader gone */
		pfds[n++].events = 0;
	}
	return n;
}

/* Send the stage to the attempt, as much as its pipe takes. */
static void
feed(struct replay_path *p)
{
	ssize_t	n;

	while (p->stage_off < p->stage_len) {
		n = write(p->w, p->stage + p->stage_off,
		    p->stage_len - p->stage_off);
		if (n == -1 && errno == EINTR)
			continue;
		if (n == -1 && errno == EAGAIN) {
			p->room = 0;
			return;
		}
		if (n == -1) {		/* EPIPE: it will read no more */
			fd_close(&p->w);
			return;
		}
		p->stage_off += (size_t)n;
		p->cursor += (uint64_t)n;
	}
	p->room = 1;
}

#ifdef HAVE_TEE
/*
 * Consume len bytes of stdin, already copied to the attempt by tee(2),
 * into the spool: spliced in the kernel, or read and appended where the
 * spool's file cannot take a splice (through p's stage, empty then).
 */
static int
consume_stdin(struct replay *in, struct replay_path *p, size_t len)
{
	ssize_t	n;
	size_t	want;

	while (len > 0) {
		n = spool_splice_from(&in->spool, stdin_fd(in), len);
		if (n == -1 && (errno == EINVAL || errno == ENOSYS)) {
			want = len < IO_CHUNK ? len : IO_CHUNK;
			n = read(stdin_fd(in), p->stage, want);
			if (n > 0 &&
			    spool_append(&in->spool, p->stage, (size_t)n) == -1)
				n = -1;
		}
		if (n == -1 && errno == EINTR)
			continue;
		if (n <= 0) {
			in->error = n == 0 ? EIO : errno;
			return -1;
		}
		len -= (size_t)n;
	}
	return 0;
}
#endif

/*
 * Past the spool's memory part, a pipe on stdin is copied to the attempt's
 * pipe by tee(2) and moved into the spool's file by splice(2): no byte
 * passes through retry's memory. Returns 1 when done so, 0 when the plain
 * way must be taken, -1 on a spool failure.
 */
static int
tee_stdin(struct replay *in, struct replay_path *p)
{
#ifdef HAVE_TEE
	ssize_t	n;

	if (!in->fifo || in->spool.len < in->spool.mem_limit)
		return 0;
	n = tee(stdin_fd(in), p->w, IO_TEE_MAX, SPLICE_F_NONBLOCK);
	if (n == -1 && errno == EINTR)
		return 1;
	if (n == -1 && errno == EAGAIN) {
		p->room = 0;		/* most likely the attempt's pipe */
		return 1;
	}
	if (n == -1) {
		in->fifo = 0;		/* no tee here: the plain way */
		return 0;
	}
	if (n == 0) {
		in->eof = 1;
		return 1;
	}
	if (consume_stdin(in, p, (size_t)n) == -1)
		return -1;
	p->cursor += (uint64_t)n;
	return 1;
#else
	(void)in;
	(void)p;
	return 0;
#endif
}

/*
 * Take a chunk of retry's stdin into the spool and p's stage (hup: poll
 * said its writers are gone). Only for a path at the spool's end with
 * nothing staged, as replay_pollfds() left it when it asked for stdin: a
 * path that another one has left behind since (two alive at once) takes
 * the spool first, in replay_pollfds().
 */
static int
take_stdin(struct replay *in, struct replay_path *p, int hup)
{
	ssize_t	n;
	size_t	want;
	int	r;

	if (p->cursor != in->spool.len || p->stage_off < p->stage_len)
		return 0;
	if ((r = tee_stdin(in, p)) != 0)
		return r == -1 ? -1 : 0;

	if ((want = stdin_want(in, hup)) == 0)
		return 0;	/* another reader took it */
	n = read(stdin_fd(in), p->stage, want);
	if (n == -1 && (errno == EINTR || errno == EAGAIN))
		return 0;
	if (n <= 0) {		/* the end, or an error that ends it */
		in->eof = 1;
		return 0;
	}
	if (spool_append(&in->spool, p->stage, (size_t)n) == -1) {
		in->error = errno;
		return -1;
	}
	p->stage_off = 0;
	p->stage_len = (size_t)n;
	feed(p);
	return 0;
}

/*
 * Act on what ppoll reported of one of replay_pollfds()'s descriptors:
 * the attempt's pipe, or retry's stdin. -1 when the spool failed.
 */
int
replay_handle(struct replay *in, struct replay_path *p,
    const struct pollfd *pfd)
{
	if (pfd->fd == p->w) {
		if (pfd->revents & (POLLERR | POLLHUP | POLLNVAL))
			fd_close(&p->w);
		else {
			p->room = 1;
			feed(p);
		}
		return 0;
	}
	/* Ended, and nothing in it: no read needed. */
	if ((pfd->revents & (POLLIN | POLLHUP)) == POLLHUP) {
		in->eof = 1;
		return 0;
	}
	return take_stdin(in, p, (pfd->revents & POLLHUP) != 0);
}

/* Let go of a path: its pipe and its stage. */
void
replay_path_free(struct replay_path *p)
{
	fd_close(&p->w);
	fd_close(&p->r);
	room_give(&stage_room, p->stage);
	p->stage = NULL;
}

/* Let go of the run's stdin: its spool and its file, our descriptors. */
void
replay_free(struct replay *in)
{
	fd_close(&in->null_fd);
	if (in->fd != STDIN_FILENO && in->fd != -1)
		fd_close(&in->fd);
	spool_free(&in->spool);
}
