/* SPDX-License-Identifier: ISC */
/*
 * Standard input and output of attempts, moved through the event loop.
 *
 * Stdin is replay.c's: it is polled and handled from here, with the
 * output. Output passes through retry when conditions or --http read its
 * lines (or --idle-timeout watches it), as fast as retry's own readers
 * take it; held stdout is spooled and copied out once the attempt is
 * over: to stdout for a success, else to stderr. The run's side (struct
 * io) has stdin's and the streams' settings; an attempt's (struct
 * io_path), its pipes, its lines and its held output.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "proc/eventloop.h"
#include "proc/fdutil.h"
#include "proc/io.h"
#include "proc/replay.h"
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
 * Set up for a run: stdin mode, stdout mode, the conditions on output
 * (NULL: none), whether HTTP heads are read (--http), and whether the
 * attempt's stdout is retry's stderr (for hooks).
 */
int
io_init(struct io *io, enum stdin_mode in, enum stdout_mode out,
    const struct conditions *cond, unsigned reads, enum io_stdout_to to)
{
	memset(io, 0, sizeof *io);
	io->out_mode = out;
	io->stdout_to_stderr = to == IO_STDOUT_TO_STDERR;
	io->cond = cond != NULL && cond_any(cond) ? cond : NULL;
	io->http = (reads & IO_READ_HTTP) != 0;
	io->watch = (reads & IO_WATCH_IDLE) != 0;
	io->hold_all = (reads & IO_HOLD_ALL) != 0;
	io->through = io->cond != NULL || io->http || io->watch;
	io->werror_fd = -1;
	if (io->hold_all)
		io->out_mode = STDOUT_HOLD;
	return replay_init(&io->in, in, io->hold_all,
	    std_closed[STDIN_FILENO]);
}

/*
 * --output=on-failure: both streams pass through retry into held (NULL:
 * as they were set up), whatever --stdout says; what they show is read
 * as it goes, as ever.
 */
void
io_hold(struct io *io, struct held *held)
{
	io->held = held;
	io->through = io->cond != NULL || io->http || io->watch ||
	    held != NULL;
}

/* Set up a path for attempts of the run io (its stdin: replay.c). */
int
io_path_init(const struct io *io, struct io_path *p)
{
	memset(p, 0, sizeof *p);
	p->out_r = p->out_w = p->err_r = p->err_w = -1;
	p->rel_fd = p->err_rel_fd = -1;
	spool_init(&p->out, SPOOL_MEM_DEFAULT);
	spool_init(&p->err, SPOOL_MEM_DEFAULT);
	return replay_path_init(&io->in, &p->in);
}

/*
 * Before an attempt starts on path p: its stdin (replay_prepare()), and
 * the pipes it will use. What its output matches goes to m, what HTTP
 * heads it shows to h (the caller's, for this attempt).
 */
int
io_prepare(struct io *io, struct io_path *p, struct cond_matches *m,
    struct http_seen *h)
{
	if (replay_prepare(&io->in, &p->in) == -1)
		return -1;
	/* A stream retry was started without stays without: not captured. */
	if ((io->out_mode == STDOUT_HOLD || io->through) &&
	    !std_closed[STDOUT_FILENO]) {
		if (pipe_for_child(&p->out_r, &p->out_w, 0) == -1)
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
		    pipe_for_child(&p->err_r, &p->err_w, 0) == -1)
			return -1;
		if (io->hold_all || io->held != NULL)
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
	child_dup(p->in.r, STDIN_FILENO);
	child_dup(io->in.null_fd, STDIN_FILENO);
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
	fd_close(&p->in.r);
	fd_close(&p->out_w);
	fd_close(&p->err_w);
	p->last_out = eventloop_now();
}

/*
 * The descriptors to watch now: stdin's (replay_pollfds()), and the
 * output's while it may be read.
 */
int
io_pollfds(struct io *io, struct io_path *p, struct pollfd *pfds)
{
	int	n = 0;

	if (io->in.error == 0 && p->error == 0)
		n = replay_pollfds(&io->in, &p->in, pfds);
	/* A spool failed (the run's or the path's): move nothing more. */
	if (io->in.error != 0 || p->error != 0) {
		fd_close(&p->in.w);
		fd_close(&p->out_r);
		fd_close(&p->err_r);
		return 0;
	}
	/* A stream passed through is read while retry's own has room. */
	if (p->out_r != -1 && (!io->through || io->held != NULL ||
	    io->out_mode == STDOUT_HOLD || sink_pending(STDOUT_FILENO) == 0)) {
		pfds[n].fd = p->out_r;
		pfds[n++].events = POLLIN;
	}
	if (p->err_r != -1 && (io->hold_all || io->held != NULL ||
	    sink_pending(STDERR_FILENO) == 0)) {
		pfds[n].fd = p->err_r;
		pfds[n++].events = POLLIN;
	}
	return n;
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
 * retry's stream to, or (to -1) into the spool hold, or into the run's
 * held output (--output=on-failure). Reads
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
			fd_close(fd);
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
		if (io->held != NULL)
			held_append(io->held, fd == &p->out_r ? STDOUT_FILENO :
			    STDERR_FILENO, buf, (size_t)n);
		else if (to == -1) {
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
			fd_close(fd);
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
			fd_close(fd);
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
		    io->out_mode == STDOUT_HOLD || io->held != NULL ? -1 :
		    STDOUT_FILENO, &p->out);
	return take_held(p, &p->out_r, &p->out);
}

/* Read what the attempt wrote to its stderr: a PUMP_ result. */
static int
take_stderr(struct io *io, struct io_path *p)
{
	if (io->through)
		return pass_through(io, p, &p->err_r, &p->err_line,
		    &p->err_http, io->hold_all || io->held != NULL ? -1 :
		    STDERR_FILENO, &p->err);
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
		if (pfds[i].fd == p->in.w ||
		    (pfds[i].fd == STDIN_FILENO && p->in.w != -1)) {
			if (replay_handle(&io->in, &p->in, &pfds[i]) == -1)
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
	fd_close(&p->in.w);
	fd_close(&p->in.r);
	fd_close(&p->out_w);
	fd_close(&p->err_w);
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
		fd_close(&p->out_r);
	if (p->err_r != -1 && pipe_empty(p->err_r))
		fd_close(&p->err_r);
	if (p->out_r != -1) {
		if ((r = take_stdout(io, p)) == -1)
			return -1;
		if (r == PUMP_EMPTY)
			fd_close(&p->out_r);
	}
	if (p->err_r != -1) {
		if ((r = take_stderr(io, p)) == -1)
			return -1;
		if (r == PUMP_EMPTY)
			fd_close(&p->err_r);
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
	fd_close(&p->out_r);
	fd_close(&p->err_r);
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
	if (io->out_mode != STDOUT_HOLD || io->held != NULL)
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
	return io->in.tty;
}

/*
 * The errno of a spool or write that failed, and where: -1 a spool, the
 * run's or path p's (which goes first: it ends the attempt at once), or
 * the stream written. p NULL: the run's failures alone.
 */
int
io_error(const struct io *io, const struct io_path *p, int *fd)
{
	int	e = (io->in.error != 0 || p == NULL) ? io->in.error : p->error;
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
	replay_path_free(&p->in);
	fd_close(&p->out_w);
	fd_close(&p->err_w);
	fd_close(&p->out_r);
	fd_close(&p->err_r);
	spool_free(&p->out);
	spool_free(&p->err);
	free(p->out_line.buf);
	free(p->err_line.buf);
	p->out_line.buf = p->err_line.buf = NULL;
}

void
io_free(struct io *io)
{
	replay_free(&io->in);
}
