/* SPDX-License-Identifier: ISC */
/*
 * Standard input and output of attempts, moved through the event loop.
 *
 * Replay is a lazy tee: a byte is read from retry's stdin only when the
 * attempt's pipe has room for it, is kept in a spool, and every later
 * attempt is fed the spool from its start before live data goes on. So an
 * endless producer works, and an attempt that reads nothing costs at most
 * a chunk and a pipe's worth of read-ahead. Held stdout is spooled and
 * copied out once the attempt is over: to stdout for a success, else to
 * stderr. The run's side (struct io) has stdin and its spool; an
 * attempt's (struct io_path), its pipes, its place in that spool and its
 * held output.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#if defined(__linux__) && defined(HAVE_SYS_SYSMACROS_H)
#include <sys/sysmacros.h>
#endif
#include <time.h>
#include <unistd.h>

#include "proc/eventloop.h"
#include "proc/fdutil.h"
#include "proc/io.h"
#include "policy/large.h"
#include "policy/room.h"
#include "proc/sink.h"

/* Standard descriptors that retry was started without. */
static int std_closed[3];

/*
 * A standard descriptor that retry was started without is held open on
 * /dev/null, close-on-exec: no pipe or file of retry's takes its number,
 * and the attempt still starts without it, as it would without retry.
 */
int
io_guard_stdfds(void)
{
	struct pollfd	 std[3] = { { 0, 0, 0 }, { 1, 0, 0 }, { 2, 0, 0 } };
#ifdef HAVE_PPOLL
	struct timespec	 zero = { 0, 0 };
#endif
	int		 fd, polled;

	/*
	 * One look at the three (POLLNVAL: not open), not a fcntl() each:
	 * two system calls fewer a run (issue 28). ppoll(), which the waits
	 * use, not poll(): no other function of libc's to bind (poll()
	 * where there is no ppoll).
	 */
#ifdef HAVE_PPOLL
	polled = ppoll(std, 3, &zero, NULL) != -1;
#else
	polled = poll(std, 3, 0) != -1;
#endif
	for (fd = 0; fd <= 2; fd++) {
		if (polled ? !(std[fd].revents & POLLNVAL) :
		    fcntl(fd, F_GETFD) != -1)
			continue;
		if (open("/dev/null", O_RDWR | O_CLOEXEC) != fd)
			return -1;
		std_closed[fd] = 1;
	}
	return 0;
}

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
 * It is still the one polled (see io_pollfds()). Opened at the first
 * read: a pipe that ends with nothing in it costs no open. Without
 * /proc (macOS, whose /dev/fd duplicates the descriptor), the
 * descriptor itself, read no further than the pipe holds (stdin_want()).
 */
static int
stdin_fd(struct io *io)
{
	if (io->in_fd == -1) {
#ifdef HAVE_PROC_SELF_FD
		io->in_fd = open("/proc/self/fd/0",
		    O_RDONLY | O_NONBLOCK | O_CLOEXEC);
		if (io->in_fd == -1)
#endif
			io->in_fd = STDIN_FILENO;
	}
	return io->in_fd;
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
stdin_want(struct io *io, int hup)
{
	int	held;

	if (!io->in_fifo || stdin_fd(io) != STDIN_FILENO ||
	    (held = pipe_held(STDIN_FILENO)) == -1)
		return IO_CHUNK;
	if (held == 0)
		return hup ? IO_CHUNK : 0;
	return (size_t)held < IO_CHUNK ? (size_t)held : IO_CHUNK;
}

/* Settle the stdin mode from what fd 0 is. */
static void
io_choose_stdin(struct io *io)
{
	struct stat	st;
	int		tty = io->in_mode != STDIN_NULL && isatty(STDIN_FILENO);

	/*
	 * Attempts side by side cannot share a terminal's input: they read
	 * /dev/null, and one asked to replay it is told so.
	 */
	if (io->hold_all && tty) {
		io->replay_tty = io->in_mode == STDIN_REPLAY;
		io->in_mode = STDIN_NULL;
		return;
	}
	if (io->in_mode == STDIN_DEFAULT)
		io->in_mode = tty ? STDIN_PASS : STDIN_REPLAY;
	/*
	 * A terminal cannot be replayed, and reading it from the background
	 * would stop retry (SIGTTIN) while the attempt waits for the line.
	 */
	if (io->in_mode == STDIN_REPLAY && tty) {
		io->in_mode = STDIN_PASS;
		io->replay_tty = 1;
	}
	if (std_closed[STDIN_FILENO] && io->in_mode == STDIN_REPLAY)
		io->in_mode = STDIN_PASS;	/* nothing to replay */
	if (io->in_mode != STDIN_REPLAY)
		return;
	if (fstat(STDIN_FILENO, &st) == -1 || is_dev_null(&st)) {
		io->in_mode = STDIN_PASS;	/* closed, or nothing to keep */
		return;
	}
	io->in_fifo = S_ISFIFO(st.st_mode);
	/* The producer blocks less often and each tee(2) moves more. */
	if (io->in_fifo) {
		pipe_enlarge(STDIN_FILENO);
		io->in_fd = -1;		/* our own, at the first read */
	}
	if (S_ISREG(st.st_mode)) {
		io->rewind_to = lseek(STDIN_FILENO, 0, SEEK_CUR);
		io->rewind = io->rewind_to != (off_t)-1;
	}
}

/*
 * Set up for a run: stdin mode, stdout mode, the conditions on output
 * (NULL: none), whether HTTP heads are read (--http), and whether the
 * attempt's stdout is retry's stderr (for hooks).
 */
int
io_init(struct io *io, enum stdin_mode in, enum stdout_mode out,
    const struct conditions *cond, unsigned reads, enum io_stdout_to to)
{
	memset(io, 0, sizeof *io);
	io->in_mode = in;
	io->out_mode = out;
	io->stdout_to_stderr = to == IO_STDOUT_TO_STDERR;
	io->cond = cond != NULL && cond_any(cond) ? cond : NULL;
	io->http = (reads & IO_READ_HTTP) != 0;
	io->watch = (reads & IO_WATCH_IDLE) != 0;
	io->hold_all = (reads & IO_HOLD_ALL) != 0;
	io->through = io->cond != NULL || io->http || io->watch;
	io->null_fd = io->werror_fd = -1;
	io->in_fd = STDIN_FILENO;
	if (io->hold_all)
		io->out_mode = STDOUT_HOLD;
	spool_init(&io->in, SPOOL_MEM_DEFAULT);
	io_choose_stdin(io);
	/*
	 * A rewound file is one offset for all: attempts side by side read
	 * it through the spool, each at its own place.
	 */
	if (io->hold_all)
		io->rewind = 0;
	if (io->in_mode == STDIN_NULL &&
	    (io->null_fd = open("/dev/null", O_RDONLY | O_CLOEXEC)) == -1)
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
 * Set up a path for attempts of the run io. The stage is the path's: the
 * spool is the run's, but each attempt reads it at its own cursor, and
 * what it has read and its pipe has not taken yet waits in its stage.
 */
int
io_path_init(const struct io *io, struct io_path *p)
{
	memset(p, 0, sizeof *p);
	p->in_r = p->in_w = p->out_r = p->out_w = -1;
	p->err_r = p->err_w = p->rel_fd = p->err_rel_fd = -1;
	spool_init(&p->out, SPOOL_MEM_DEFAULT);
	spool_init(&p->err, SPOOL_MEM_DEFAULT);
	if (io->in_mode == STDIN_REPLAY && !io->rewind &&
	    (p->stage = room_take(&stage_room, IO_CHUNK)) == NULL)
		return -1;
	return 0;
}

static void
close_fd(int *fd)
{
	if (*fd != -1) {
		close(*fd);
		*fd = -1;
	}
}

/* Make a pipe for an attempt: close-on-exec, our end non-blocking. */
static int
make_pipe(int *r, int *w, int ours)
{
	int	p[2];

	if (pipe_make(p, O_CLOEXEC) == -1)
		return -1;
	*r = p[0];
	*w = p[1];
	return fcntl(p[ours], F_SETFL, O_NONBLOCK);
}

/*
 * Before an attempt starts on path p: rewind, or the pipes it will use.
 * What its output matches goes to m, what HTTP heads it shows to h (the
 * caller's, for this attempt). A rewound file is one offset for the run:
 * two attempts alive at once would each need a description of their own.
 */
int
io_prepare(struct io *io, struct io_path *p, struct cond_matches *m,
    struct http_seen *h)
{
	if (io->rewind && lseek(STDIN_FILENO, io->rewind_to, SEEK_SET) == -1)
		return -1;
	if (io->in_mode == STDIN_REPLAY && !io->rewind) {
		if (make_pipe(&p->in_r, &p->in_w, 1) == -1)
			return -1;
		if (io->in_fifo)	/* fewer, larger tee(2) calls */
			pipe_enlarge(p->in_w);
		p->in_cursor = 0;
		p->in_room = 1;
		p->stage_off = p->stage_len = 0;
	}
	/* A stream retry was started without stays without: not captured. */
	if ((io->out_mode == STDOUT_HOLD || io->through) &&
	    !std_closed[STDOUT_FILENO]) {
		if (make_pipe(&p->out_r, &p->out_w, 0) == -1)
			return -1;
		pipe_enlarge(p->out_r);
	}
	if (io->http) {
		p->seen = h;
		http_clear(h);
		p->out_http.len = p->err_http.len = 0;
		p->out_http.cut = p->err_http.cut = 0;
	}
	if (io->cond != NULL) {
		p->matches = m;
		cond_clear(m);
	}
	if (io->through || io->hold_all) {
		if (!std_closed[STDERR_FILENO] &&
		    make_pipe(&p->err_r, &p->err_w, 0) == -1)
			return -1;
		if (io->hold_all)
			pipe_enlarge(p->err_r);
	}
	return 0;
}

/* Put fd on target in the child; dup2 to itself would keep close-on-exec. */
static void
child_dup(int fd, int target)
{
	if (fd == -1)
		return;
	if (fd == target)
		fcntl(fd, F_SETFD, 0);
	else
		dup2(fd, target);
}

/* In the child, before exec: only async-signal-safe calls. */
void
io_child(const struct io *io, const struct io_path *p)
{
	child_dup(p->in_r, STDIN_FILENO);
	child_dup(io->null_fd, STDIN_FILENO);
	child_dup(p->out_w, STDOUT_FILENO);
	child_dup(p->err_w, STDERR_FILENO);
	if (io->stdout_to_stderr && !std_closed[STDERR_FILENO])
		dup2(STDERR_FILENO, STDOUT_FILENO);
}

/* In retry, once the attempt runs: the attempt's ends are its own. */
void
io_started(struct io *io, struct io_path *p)
{
	(void)io;
	close_fd(&p->in_r);
	close_fd(&p->out_w);
	close_fd(&p->err_w);
	p->last_out = eventloop_now();
}

/*
 * Fill the stage from the spool, where this attempt is behind it. The
 * spool is the run's: a failure to read it is the run's too.
 */
static int
stage_from_spool(struct io *io, struct io_path *p)
{
	ssize_t	n;

	if (p->stage_off < p->stage_len || p->in_cursor >= io->in.len)
		return 0;
	n = spool_read_at(&io->in, p->in_cursor, p->stage, IO_CHUNK);
	if (n < 0) {
		io->error = errno;
		return -1;
	}
	p->stage_off = 0;
	p->stage_len = (size_t)n;
	return 0;
}

/*
 * The descriptors to watch now. Replay watches the pipe for room while it
 * has bytes to send (or does not know of room), and retry's stdin only once
 * the pipe has room; the pipe is closed when all is sent and stdin ended.
 */
int
io_pollfds(struct io *io, struct io_path *p, struct pollfd *pfds)
{
	int	n = 0;

	/* A spool failed (the run's or the path's): move nothing more. */
	if (io->error != 0 || p->error != 0) {
		close_fd(&p->in_w);
		close_fd(&p->out_r);
		close_fd(&p->err_r);
		return 0;
	}

	if (p->in_w != -1) {
		if (stage_from_spool(io, p) == -1)
			return io_pollfds(io, p, pfds);
		if (p->stage_off < p->stage_len || !p->in_room) {
			pfds[n].fd = p->in_w;
			pfds[n++].events = POLLOUT;
		} else if (io->in_eof)
			close_fd(&p->in_w);
		else {
			/*
			 * Polled on fd 0: a FIFO's POLLHUP is held back on
			 * a description opened while it had no writer.
			 */
			pfds[n].fd = STDIN_FILENO;
			pfds[n++].events = POLLIN;
			pfds[n].fd = p->in_w;	/* for POLLERR: reader gone */
			pfds[n++].events = 0;
		}
	}
	/* A stream passed through is read while retry's own has room. */
	if (p->out_r != -1 && (!io->through ||
	    io->out_mode == STDOUT_HOLD || sink_pending(STDOUT_FILENO) == 0)) {
		pfds[n].fd = p->out_r;
		pfds[n++].events = POLLIN;
	}
	if (p->err_r != -1 && (io->hold_all ||
	    sink_pending(STDERR_FILENO) == 0)) {
		pfds[n].fd = p->err_r;
		pfds[n++].events = POLLIN;
	}
	return n;
}

/* Send the stage to the attempt, as much as its pipe takes. */
static void
feed(struct io_path *p)
{
	ssize_t	n;

	while (p->stage_off < p->stage_len) {
		n = write(p->in_w, p->stage + p->stage_off,
		    p->stage_len - p->stage_off);
		if (n == -1 && errno == EINTR)
			continue;
		if (n == -1 && errno == EAGAIN) {
			p->in_room = 0;
			return;
		}
		if (n == -1) {		/* EPIPE: it will read no more */
			close_fd(&p->in_w);
			return;
		}
		p->stage_off += (size_t)n;
		p->in_cursor += (uint64_t)n;
	}
	p->in_room = 1;
}

#ifdef HAVE_TEE
/*
 * Consume len bytes of stdin, already copied to the attempt by tee(2),
 * into the spool: spliced in the kernel, or read and appended where the
 * spool's file cannot take a splice (through p's stage, empty then).
 */
static int
consume_stdin(struct io *io, struct io_path *p, size_t len)
{
	ssize_t	n;
	size_t	want;

	while (len > 0) {
		n = spool_splice_from(&io->in, stdin_fd(io), len);
		if (n == -1 && (errno == EINVAL || errno == ENOSYS)) {
			want = len < IO_CHUNK ? len : IO_CHUNK;
			n = read(stdin_fd(io), p->stage, want);
			if (n > 0 &&
			    spool_append(&io->in, p->stage, (size_t)n) == -1)
				n = -1;
		}
		if (n == -1 && errno == EINTR)
			continue;
		if (n <= 0) {
			io->error = n == 0 ? EIO : errno;
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
tee_stdin(struct io *io, struct io_path *p)
{
#ifdef HAVE_TEE
	ssize_t	n;

	if (!io->in_fifo || io->in.len < io->in.mem_limit)
		return 0;
	n = tee(stdin_fd(io), p->in_w, IO_TEE_MAX, SPLICE_F_NONBLOCK);
	if (n == -1 && errno == EINTR)
		return 1;
	if (n == -1 && errno == EAGAIN) {
		p->in_room = 0;		/* most likely the attempt's pipe */
		return 1;
	}
	if (n == -1) {
		io->in_fifo = 0;	/* no tee here: the plain way */
		return 0;
	}
	if (n == 0) {
		io->in_eof = 1;
		return 1;
	}
	if (consume_stdin(io, p, (size_t)n) == -1)
		return -1;
	p->in_cursor += (uint64_t)n;
	return 1;
#else
	(void)io;
	(void)p;
	return 0;
#endif
}

/*
 * Take a chunk of retry's stdin into the spool and p's stage (hup: poll
 * said its writers are gone). Only for a path at the spool's end with
 * nothing staged, as io_pollfds() left it when it asked for stdin: a path
 * that another one has left behind since (two alive at once) takes the
 * spool first, in io_pollfds().
 */
static int
take_stdin(struct io *io, struct io_path *p, int hup)
{
	ssize_t	n;
	size_t	want;
	int	r;

	if (p->in_cursor != io->in.len || p->stage_off < p->stage_len)
		return 0;
	if ((r = tee_stdin(io, p)) != 0)
		return r == -1 ? -1 : 0;

	if ((want = stdin_want(io, hup)) == 0)
		return 0;	/* another reader took it */
	n = read(stdin_fd(io), p->stage, want);
	if (n == -1 && (errno == EINTR || errno == EAGAIN))
		return 0;
	if (n <= 0) {		/* the end, or an error that ends it */
		io->in_eof = 1;
		return 0;
	}
	if (spool_append(&io->in, p->stage, (size_t)n) == -1) {
		io->error = errno;
		return -1;
	}
	p->stage_off = 0;
	p->stage_len = (size_t)n;
	feed(p);
	return 0;
}

/*
 * A write of the attempt's output to fd failed with e: retry's own failure
 * (io_error()), the first one kept. The streams are the run's, and so is
 * the failure, whichever attempt's output met it.
 */
static void
write_failed(struct io *io, int fd, int e)
{
	if (io->werror == 0) {
		io->werror = e;
		io->werror_fd = fd;
	}
}

/* A stream ended: its last line, if it had no newline, counts too. */
static void
end_lines(struct io *io, struct io_path *p, struct cond_line *line,
    struct http_line *hline)
{
	if (io->cond != NULL)
		cond_flush(io->cond, p->matches, line);
	if (io->http)
		http_flush(p->seen, hline, time(NULL));
}

/*
 * Pass a stream of the attempt through retry, matching its lines: to
 * retry's stream to, or (to -1) into the spool hold. Reads
 * what is there now, and only while retry's own stream has taken all it
 * was given: a reader that stalls stalls the attempt, as it would without
 * retry in between, and never retry itself. Returns PUMP_EMPTY, PUMP_END
 * or PUMP_FULL (waiting for the reader). When retry's stdout or stderr
 * cannot be written any more, the pipe is closed, so that the attempt
 * meets a broken pipe, as it would have met the failure itself.
 */
static int
pass_through(struct io *io, struct io_path *p, int *fd, struct cond_line *line,
    struct http_line *hline, int to, struct spool *hold)
{
	char	buf[IO_CHUNK];
	ssize_t	n;

	for (;;) {
		if (to != -1 && sink_pending(to) > 0)
			return PUMP_FULL;
		n = read(*fd, buf, sizeof buf);
		if (n == -1 && errno == EINTR)
			continue;
		if (n == -1 && errno == EAGAIN)
			return PUMP_EMPTY;
		if (n <= 0) {
			end_lines(io, p, line, hline);
			close_fd(fd);
			return PUMP_END;
		}
		if (io->watch)
			p->last_out = eventloop_now();
		if (io->cond != NULL && cond_feed(io->cond, p->matches, line,
		    buf, (size_t)n) == -1) {
			p->error = errno;
			return -1;
		}
		if (io->http)
			http_feed(p->seen, hline, buf, (size_t)n, time(NULL));
		if (to == -1) {
			if (spool_append(hold, buf, (size_t)n) == -1) {
				p->error = errno;
				return -1;
			}
		} else if (sink_write(to, buf, (size_t)n) == -1) {
			/*
			 * A reader gone is no more than that, as without
			 * retry; any other failure (a full disk, an I/O
			 * error) loses output that no one else would tell
			 * of: the run fails once the attempt is over.
			 */
			if (errno != EPIPE)
				write_failed(io, to, errno);
			close_fd(fd);
			return PUMP_END;
		}
	}
}

/* Take what is in the pipe *fd into the spool sp: a PUMP_ result. */
static int
take_held(struct io_path *p, int *fd, struct spool *sp)
{
	char	buf[IO_CHUNK];
	ssize_t	n;

	for (;;) {
		/* Past the memory part, move it in the kernel. */
		n = spool_splice_from(sp, *fd, IO_TEE_MAX);
		if (n == -1 && (errno == EINVAL || errno == ENOSYS)) {
			n = read(*fd, buf, sizeof buf);
			if (n > 0 && spool_append(sp, buf, (size_t)n) == -1)
				n = -1;
		}
		if (n > 0 || (n == -1 && errno == EINTR))
			continue;
		if (n == 0) {
			close_fd(fd);
			return PUMP_END;
		}
		if (errno == EAGAIN)
			return PUMP_EMPTY;
		p->error = errno;
		return -1;
	}
}

/* Read what the attempt wrote to its stdout: a PUMP_ result. */
static int
take_stdout(struct io *io, struct io_path *p)
{
	if (io->through)
		return pass_through(io, p, &p->out_r, &p->out_line,
		    &p->out_http,
		    io->out_mode == STDOUT_HOLD ? -1 : STDOUT_FILENO, &p->out);
	return take_held(p, &p->out_r, &p->out);
}

/* Read what the attempt wrote to its stderr: a PUMP_ result. */
static int
take_stderr(struct io *io, struct io_path *p)
{
	if (io->through)
		return pass_through(io, p, &p->err_r, &p->err_line,
		    &p->err_http, io->hold_all ? -1 : STDERR_FILENO, &p->err);
	return take_held(p, &p->err_r, &p->err);
}

/*
 * When the attempt last wrote (--idle-timeout). While retry's own stdout
 * or stderr waits for its reader, the reader holds the attempt back: it
 * is not idle, and that time counts as output (from the last time it
 * was seen waiting, once the reader takes it).
 */
uint64_t
io_last_output(const struct io *io, struct io_path *p)
{
	(void)io;
	if (sink_pending(STDOUT_FILENO) > 0 || sink_pending(STDERR_FILENO) > 0)
		p->last_out = eventloop_now();
	return p->last_out;
}

/*
 * Whether the child about to start on p (io_prepare() done) writes to
 * retry's own stdout itself, not through a pipe of retry's: then retry
 * cannot see how its last line ends. A hook's stdout is its stderr.
 */
int
io_writes_stdout(const struct io *io, const struct io_path *p)
{
	return !io->stdout_to_stderr && p->out_w == -1 &&
	    !std_closed[STDOUT_FILENO];
}

/* The same for retry's own stderr. */
int
io_writes_stderr(const struct io *io, const struct io_path *p)
{
	(void)io;
	return p->err_w == -1 && !std_closed[STDERR_FILENO];
}

/* Act on what ppoll reported. -1 when a spool failed (io_error()). */
int
io_handle(struct io *io, struct io_path *p, const struct pollfd *pfds, int n)
{
	int	i;

	for (i = 0; i < n; i++) {
		if (pfds[i].revents == 0)
			continue;
		if (pfds[i].fd == p->in_w) {
			if (pfds[i].revents & (POLLERR | POLLHUP | POLLNVAL))
				close_fd(&p->in_w);
			else {
				p->in_room = 1;
				feed(p);
			}
		} else if (pfds[i].fd == STDIN_FILENO && p->in_w != -1) {
			/* Ended, and nothing in it: no read needed. */
			if ((pfds[i].revents & (POLLIN | POLLHUP)) == POLLHUP)
				io->in_eof = 1;
			else if (take_stdin(io, p,
			    (pfds[i].revents & POLLHUP) != 0) == -1)
				return -1;
		} else if (pfds[i].fd == p->out_r && p->out_r != -1) {
			if (take_stdout(io, p) == -1)
				return -1;
		} else if (pfds[i].fd == p->err_r && p->err_r != -1) {
			if (take_stderr(io, p) == -1)
				return -1;
		}
	}
	return 0;
}

/*
 * The attempt is over: stop feeding it, and let go of its ends of the
 * pipes. What it wrote is still to be taken (io_deliver()).
 */
void
io_ended(struct io *io, struct io_path *p)
{
	(void)io;
	close_fd(&p->in_w);
	close_fd(&p->in_r);
	close_fd(&p->out_w);
	close_fd(&p->err_w);
}

/*
 * Send held output to its reader, as far as the reader takes it now,
 * straight from the spool (the spool is the queue: nothing is copied into
 * the sink). When the reader is full, the next wait watches for room.
 */
static int
release_some(struct io *io, struct spool *sp, int *rel_fd, uint64_t *rel_off,
    int *error)
{
	char		 buf[IO_CHUNK];
	const char	*from;
	off_t		 foff;
	ssize_t		 n, m;

	while (*rel_off < sp->len) {
		if (*rel_off >= sp->mem_len && sp->fd != -1) {
			/* The file part: copied in the kernel. */
			foff = (off_t)(*rel_off - sp->mem_len);
			n = sink_sendfile(*rel_fd, sp->fd, &foff,
			    sp->len - *rel_off > IO_SEND_MAX ? IO_SEND_MAX :
			    (size_t)(sp->len - *rel_off));
			if (n > 0) {
				*rel_off += (uint64_t)n;
				continue;
			}
			if (n == -1 && errno == EAGAIN)
				goto full;
			if (n == -1 && errno != EINVAL)
				goto failed;
		}
		if (*rel_off < sp->mem_len) {
			from = sp->mem + *rel_off;
			n = (ssize_t)(sp->mem_len - *rel_off);
		} else {
			n = spool_read_at(sp, *rel_off, buf, sizeof buf);
			if (n <= 0) {
				if (n == 0)
					errno = EIO;
				*error = errno;	/* the spool's */
				return -1;
			}
			from = buf;
		}
		if ((m = sink_try(*rel_fd, from, (size_t)n)) == -1)
			goto failed;
		*rel_off += (uint64_t)m;
		if (m < n)
			goto full;	/* the rest is read again later */
	}
	*rel_fd = -1;
	spool_truncate(sp);
	return 0;
full:
	sink_await(*rel_fd);
	return 0;
failed:
	write_failed(io, *rel_fd, errno);
	return -1;
}

/*
 * Move what can move now of an ended attempt's output: the rest of its
 * pipes (what is in them now: background processes that keep them open
 * are not waited for), then its released output. -1 when a spool or a
 * write failed; 1 when all is out of the pipes and the spool. The last
 * chunk passed through may still wait in a sink: it goes out in order
 * before anything read later (pass_through() reads only into an empty
 * sink), and is not waited for here.
 */
static int
pump(struct io *io, struct io_path *p)
{
	int	r;

	/* Nothing left in them: no need to wait for room to find that out. */
	if (p->out_r != -1 && pipe_empty(p->out_r))
		close_fd(&p->out_r);
	if (p->err_r != -1 && pipe_empty(p->err_r))
		close_fd(&p->err_r);
	if (p->out_r != -1) {
		if ((r = take_stdout(io, p)) == -1)
			return -1;
		if (r == PUMP_EMPTY)
			close_fd(&p->out_r);
	}
	if (p->err_r != -1) {
		if ((r = take_stderr(io, p)) == -1)
			return -1;
		if (r == PUMP_EMPTY)
			close_fd(&p->err_r);
	}
	if (p->out_r != -1 || p->err_r != -1)
		return 0;
	/* Held stderr first: what went wrong, then what came of it. */
	if (p->err_rel_fd != -1 && release_some(io, &p->err, &p->err_rel_fd,
	    &p->err_rel_off, &p->error) == -1)
		return -1;
	if (p->err_rel_fd != -1)
		return 0;
	if (p->rel_fd != -1 && release_some(io, &p->out, &p->rel_fd,
	    &p->rel_off, &p->error) == -1)
		return -1;
	return p->rel_fd == -1;
}

/*
 * Give up what the attempt's output still had to go: the rest in its
 * pipes and of its held output. What waits in the sinks stays: whole
 * lines and messages are not cut there.
 */
static void
abandon(struct io_path *p)
{
	close_fd(&p->out_r);
	close_fd(&p->err_r);
	p->rel_fd = p->err_rel_fd = -1;
	spool_truncate(&p->out);
	spool_truncate(&p->err);
}

/*
 * Deliver what an ended attempt left: the rest of its output in the pipes
 * and the held output that io_release() let go, as fast as retry's own
 * readers take it, in the event loop. The attempt's time limit (until; 0:
 * none) bounds this too: once it has passed, or a stop signal came, retry
 * goes on only while the readers take bytes, and drops the rest when they
 * take none for SINK_STALL_NS. Returns 0 when all went, IO_LATE when the
 * rest was dropped, -1 when a spool or a write failed (io_error()).
 */
int
io_deliver(struct io *io, struct io_path *p, uint64_t until)
{
	uint64_t	mark = sink_written(), moved = eventloop_now(), now;
	uint64_t	wake;
	int		r, late;

	for (;;) {
		if ((r = pump(io, p)) != 0)
			break;
		now = eventloop_now();
		if (sink_written() != mark) {
			mark = sink_written();
			moved = now;
		}
		late = eventloop_signal() != 0 || (until != 0 && now >= until);
		wake = late ? moved + SINK_STALL_NS : until;
		if (late && now >= wake) {
			abandon(p);
			r = IO_LATE;
			break;
		}
		if (eventloop_wait(wake, NULL, 0) == -1 && errno != EINTR) {
			p->error = errno;
			r = -1;
			break;
		}
	}
	end_lines(io, p, &p->out_line, &p->out_http);
	end_lines(io, p, &p->err_line, &p->err_http);
	(void)io_output_lost(io);
	if (io->werror != 0)	/* passed through or released */
		r = -1;
	return r == 1 ? 0 : r;
}

/*
 * Let held output go: to stdout for a success, else to stderr. It moves
 * in io_deliver().
 */
void
io_release(struct io *io, struct io_path *p, int success)
{
	if (io->out_mode != STDOUT_HOLD)
		return;
	p->rel_fd = success ? STDOUT_FILENO : STDERR_FILENO;
	p->rel_off = 0;
	/* Each sendfile(2) moves more, the reader wakes less often. */
	if (p->out.len > PIPE_BIG)
		pipe_enlarge(p->rel_fd);
	if (io->hold_all) {
		p->err_rel_fd = STDERR_FILENO;
		p->err_rel_off = 0;
	}
}

/*
 * Drop what an attempt held and has not let go (one that lost to
 * another): how many bytes, its pipes' rest not counted.
 */
uint64_t
io_drop(struct io_path *p)
{
	uint64_t	held = p->out.len + p->err.len;

	abandon(p);
	return held;
}

/* Whether --stdin=replay met a terminal, which is passed instead. */
int
io_terminal_passed(const struct io *io)
{
	return io->replay_tty;
}

/*
 * The errno of a spool or write that failed, and where: -1 a spool, the
 * run's or path p's (which goes first: it ends the attempt at once), or
 * the stream written. p NULL: the run's failures alone.
 */
int
io_error(const struct io *io, const struct io_path *p, int *fd)
{
	int	e = (io->error != 0 || p == NULL) ? io->error : p->error;
	int	spool = e != 0 || io->werror == 0;

	if (fd != NULL)
		*fd = spool ? -1 : io->werror_fd;
	return spool ? e : io->werror;
}

/*
 * Whether output passed through that waited in a sink for its reader was
 * dropped since, by a write that failed for another reason than a reader
 * gone (see pass_through()). One found now is kept as a failed write.
 */
int
io_output_lost(struct io *io)
{
	int	fd, e;

	if (io->werror != 0)
		return 0;	/* known, and told of already */
	for (fd = STDOUT_FILENO; fd <= STDERR_FILENO; fd++)
		if ((e = sink_lost(fd)) != 0 && e != EPIPE)
			write_failed(io, fd, e);
	return io->werror != 0;
}

/* Let go of a path: its pipes, its spool and its file, its buffers. */
void
io_path_free(struct io_path *p)
{
	close_fd(&p->in_w);
	close_fd(&p->in_r);
	close_fd(&p->out_w);
	close_fd(&p->err_w);
	close_fd(&p->out_r);
	close_fd(&p->err_r);
	spool_free(&p->out);
	spool_free(&p->err);
	room_give(&stage_room, p->stage);
	p->stage = NULL;
	free(p->out_line.buf);
	free(p->err_line.buf);
	p->out_line.buf = p->err_line.buf = NULL;
}

void
io_free(struct io *io)
{
	close_fd(&io->null_fd);
	if (io->in_fd != STDIN_FILENO && io->in_fd != -1)
		close_fd(&io->in_fd);
	spool_free(&io->in);
}
