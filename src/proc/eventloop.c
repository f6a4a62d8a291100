/* SPDX-License-Identifier: ISC */
/*
 * The event loop. The signals retry acts on are blocked all the time except
 * inside ppoll(), so each one is seen exactly once, in one place, and never
 * lost in the window between a check and a wait. Without ppoll (macOS),
 * poll() between two sigprocmask() calls, with a self-pipe that closes
 * the window the same way (wait_masked()). Time is CLOCK_MONOTONIC
 * nanoseconds; every wait is to an absolute deadline, so stray signals
 * (SIGWINCH, a SIGCHLD of nobody's) do not make a sleep drift.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <string.h>
#include <sys/resource.h>
#ifdef HAVE_SYS_SYSCALL_H
#include <sys/syscall.h>
#endif
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "policy/duration.h"
#include "policy/large.h"
#include "proc/eventloop.h"
#include "proc/fdutil.h"
#include "proc/sink.h"

/*
 * The signals that stop retry: forwarded to the attempt, then re-raised.
 * ALRM, USR1 and USR2 too: their default action would kill retry alone
 * and leave the attempt running (timeout(1) handles ALRM so, for
 * `timeout -s ALRM ... retry ...`).
 */
static const int stop_signals[] = {
	SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGALRM, SIGUSR1, SIGUSR2,
};
#define NSTOP (sizeof stop_signals / sizeof stop_signals[0])

static volatile sig_atomic_t got_chld;
static volatile sig_atomic_t got_cont;	/* retry was continued */
static volatile sig_atomic_t got_signal;	/* the first stop signal */
static volatile sig_atomic_t signal_count;
static volatile sig_atomic_t got_tstp;	/* Ctrl-Z, when caught */

static sigset_t		 orig_mask;	/* as retry was started */
static sigset_t		 wait_mask;	/* inside the wait: ours unblocked */
static int		 handled[NSTOP];	/* not inherited as ignored */
/*
 * Whether SIGCHLD and SIGCONT came ignored, for the child to ignore them
 * again: flags, not the actions (152 bytes each), so that the small data
 * every run writes stays on the page the kernel zeroes at exec (large.h).
 */
static int		 chld_ignored;
static int		 cont_ignored;
static const struct sigaction ignore_action = { .sa_handler = SIG_IGN };
static struct sigaction	 orig_tstp;
static int		 tstp_caught;
static void		(*reaper_fn)(void *);
static void		*reaper_arg;
static int		 reap_in_wait;
static void		(*tstp_fn)(void *);
static void		*tstp_arg;
/*
 * What a sleep shows on the terminal (a count, redrawn as its seconds
 * change) and the last words before retry dies of a signal: set from the
 * reporting layer above (eventloop_set_face(), eventloop_set_last_words()),
 * so that the loop calls up through pointers it was given, never by name.
 */
static void		(*face_tick)(uint64_t);
static uint64_t		(*face_next)(uint64_t);
static void		(*last_words)(int, uint64_t);

/*
 * Set in a child made with vfork(), which runs in retry's memory with
 * retry's handlers until it execs (which sets them back to the default):
 * it does not reset them one by one (eventloop_child_reset()), and a
 * handler that finds the flag set does nothing, so that no flag of
 * retry's is set by a signal that was the child's. Nothing can aim a
 * signal at that child in the microseconds before it execs but a
 * terminal's, which with --foreground reaches retry too. Retry, which
 * vfork() suspends until the child has exec'd or exited, clears the flag
 * on its return (eventloop_child_made()), while the handlers' signals are
 * still blocked: they run only in eventloop_wait()'s ppoll(). A flag, not
 * a look at getpid(): a system call saved on every run (issue 28).
 */
static volatile sig_atomic_t	 in_child;

#ifdef HAVE_PPOLL
#define WAKE_SLOTS 0
#else
/*
 * The self-pipe: without ppoll(), the wait opens the mask and then calls
 * poll(), and a signal that comes between the two has its handler run
 * before poll() starts. So each handler that a wait must see also writes
 * a byte here, and poll() watches the read end: it returns at once, as
 * ppoll() would have with the signal pending. Both ends are
 * non-blocking (a full pipe has woken the wait already) and
 * close-on-exec.
 */
#define WAKE_SLOTS 1
static int	wake_pipe[2] = { -1, -1 };
#endif

/* Whether this handler runs in retry, not in a child before its exec. */
static int
in_retry(void)
{
	return !in_child;
}

/* In a handler: wake the wait, where poll() stands for ppoll(). */
static void
wake_wait(void)
{
#ifndef HAVE_PPOLL
	int	e = errno;
	char	c = 0;
	ssize_t	n;

	n = write(wake_pipe[1], &c, 1);	/* full: woken already */
	(void)n;
	errno = e;
#endif
}

static void
on_chld(int signo)
{
	(void)signo;
	if (in_retry()) {
		got_chld = 1;
		wake_wait();
	}
}

static void
on_cont(int signo)
{
	(void)signo;
	if (in_retry())
		got_cont = 1;
}

static void
on_tstp(int signo)
{
	(void)signo;
	if (in_retry()) {
		got_tstp = 1;
		wake_wait();
	}
}

static void
on_stop_signal(int signo)
{
	if (!in_retry())
		return;
	if (got_signal == 0)
		got_signal = signo;
	if (signal_count < 100)
		signal_count++;
	wake_wait();
}

/*
 * Install sa for signo, the action it had in *was. One system call, not
 * a look and then a change: when it had been ignored and keep_ignored
 * says so, ignored it is again (it was blocked meanwhile: a signal that
 * came is discarded by the return to SIG_IGN, as it would have been).
 * Returns 1 when sa is in place, 0 when the signal stays ignored, -1.
 */
static int
install(int signo, const struct sigaction *sa, struct sigaction *was,
    int keep_ignored)
{
	if (sigaction(signo, sa, was) == -1)
		return -1;
	if (!keep_ignored || was->sa_handler != SIG_IGN)
		return 1;
	return sigaction(signo, was, NULL) == -1 ? -1 : 0;
}

/* The signals retry blocks, but in the wait: see eventloop_init(). */
static void
blocked_set(sigset_t *block)
{
	size_t	i;

	sigemptyset(block);
	sigaddset(block, SIGCHLD);
	for (i = 0; i < NSTOP; i++)
		sigaddset(block, stop_signals[i]);
	/*
	 * A reader gone is an EPIPE to handle, not a death; a spool past
	 * RLIMIT_FSIZE an EFBIG to report (exit 125), not a death that
	 * loses the attempt's status. Blocked, even in the waits, rather
	 * than ignored: their dispositions stay as retry was given them, and
	 * a child has nothing to set back before exec but the mask (four
	 * system calls fewer a run; issue 28). One that comes stays pending,
	 * and is let in only to die of it (eventloop_die_of()).
	 */
	sigaddset(block, SIGPIPE);
	sigaddset(block, SIGXFSZ);
}

/*
 * Install the handlers and block their signals. A stop signal inherited as
 * ignored (nohup, a background job of a non-interactive shell) is left
 * ignored, as timeout(1) does, and stays ignored in the attempts.
 */
int
eventloop_init(void)
{
	struct sigaction	sa, was;
	sigset_t		block;
	size_t			i;

	blocked_set(&block);
#ifndef HAVE_PPOLL
	if (pipe_make(wake_pipe, O_CLOEXEC | O_NONBLOCK) == -1)
		return -1;
#endif
	if (sigprocmask(SIG_BLOCK, &block, &orig_mask) == -1)
		return -1;
	wait_mask = orig_mask;
	sigdelset(&wait_mask, SIGCHLD);
	sigaddset(&wait_mask, SIGPIPE);
	sigaddset(&wait_mask, SIGXFSZ);

	memset(&sa, 0, sizeof sa);
	sigemptyset(&sa.sa_mask);
	sa.sa_handler = on_chld;
	sa.sa_flags = 0;
	if (sigaction(SIGCHLD, &sa, &was) == -1)
		return -1;
	chld_ignored = was.sa_handler == SIG_IGN;
	/*
	 * SIGCONT: the shell continued retry, perhaps in the background
	 * (supervise.c asks). Not blocked: the flag is all it does.
	 */
	sa.sa_handler = on_cont;
	sa.sa_flags = SA_RESTART;
	if (sigaction(SIGCONT, &sa, &was) == -1)
		return -1;
	cont_ignored = was.sa_handler == SIG_IGN;
	sa.sa_flags = 0;
	sa.sa_handler = on_stop_signal;
	for (i = 0; i < NSTOP; i++) {
		switch (install(stop_signals[i], &sa, &was, 1)) {
		case -1:
			return -1;
		case 0:
			continue;
		}
		handled[i] = 1;
		sigdelset(&wait_mask, stop_signals[i]);
	}
	return 0;
}

/*
 * Catch SIGTSTP, for when retry keeps the terminal while attempts run
 * (side by side, each in a group of its own): a Ctrl-Z reaches retry
 * alone, and fn(arg), called from the wait, stops them with it
 * (eventloop_suspend()). Left alone when inherited as ignored.
 */
int
eventloop_catch_tstp(void (*fn)(void *), void *arg)
{
	struct sigaction	sa;
	sigset_t		block, prev;

	sigemptyset(&block);
	sigaddset(&block, SIGTSTP);
	if (sigprocmask(SIG_BLOCK, &block, &prev) == -1)
		return -1;
	memset(&sa, 0, sizeof sa);
	sigemptyset(&sa.sa_mask);
	sa.sa_handler = on_tstp;
	switch (install(SIGTSTP, &sa, &orig_tstp, 1)) {
	case -1:
		return -1;
	case 0:		/* ignored: left so, and the mask as it was */
		return sigprocmask(SIG_SETMASK, &prev, NULL);
	}
	tstp_fn = fn;
	tstp_arg = arg;
	tstp_caught = 1;
	sigdelset(&wait_mask, SIGTSTP);
	return 0;
}

/*
 * Stop retry as the Ctrl-Z it caught would have: SIGTSTP as it was given
 * it, until the shell continues it (in an orphaned group the kernel drops
 * it, and retry goes on).
 */
void
eventloop_suspend(void)
{
	struct sigaction	ours;
	sigset_t		set;

	sigemptyset(&set);
	sigaddset(&set, SIGTSTP);
	sigaction(SIGTSTP, &orig_tstp, &ours);
	sigprocmask(SIG_UNBLOCK, &set, NULL);
	raise(SIGTSTP);		/* returns once continued */
	/* cppcheck-suppress unreachableCode ; raise() returns here */
	sigprocmask(SIG_BLOCK, &set, NULL);
	sigaction(SIGTSTP, &ours, NULL);
}

/*
 * In a new child, before exec: the dispositions and the mask retry was
 * given. Dispositions first; a signal that reaches one of retry's
 * handlers once the mask opens finds it does nothing here (in_retry()).
 */
void
eventloop_child_reset(void)
{
	in_child = 1;
	/*
	 * exec sets a caught signal back to SIG_DFL, and keeps SIG_IGN: so
	 * only what exec would get wrong is set here, a signal retry
	 * catches that was ignored (the stop signals inherited ignored are
	 * left alone: not caught). retry ignores none: SIGPIPE and SIGXFSZ
	 * are blocked, and the mask goes back below.
	 */
	if (chld_ignored)
		sigaction(SIGCHLD, &ignore_action, NULL);
	if (cont_ignored)
		sigaction(SIGCONT, &ignore_action, NULL);
	sigprocmask(SIG_SETMASK, &orig_mask, NULL);
}

/* In retry, back from making a child: its handlers are its own again. */
void
eventloop_child_made(void)
{
	in_child = 0;
}

/*
 * The clock's first reads are system calls, the rest the vDSO's. The
 * vDSO reads it without entering the kernel, but its first read faults
 * in two pages of the kernel's (its data and the clock's): about 25 us on
 * a VM, where a system call is about 1 us, and a run that ends with its
 * first attempt reads the clock 14 times (issue 28). A longer run pays
 * CLOCK_SYSCALLS system calls more, a few microseconds, once. Where the
 * raw call's timespec is not libc's (32-bit systems with a 64-bit
 * time_t), always the vDSO.
 */
#define CLOCK_SYSCALLS 16

#if defined(HAVE_SYS_SYSCALL_H) && defined(SYS_clock_gettime) && \
    defined(__SIZEOF_LONG__) && __SIZEOF_LONG__ == 8
#define CLOCK_RAW 1
static unsigned	clock_calls;
#endif

static int
clock_read(struct timespec *ts)
{
#ifdef CLOCK_RAW
	if (clock_calls < CLOCK_SYSCALLS) {
		clock_calls++;
		return (int)syscall(SYS_clock_gettime, CLOCK_MONOTONIC, ts);
	}
#endif
	return clock_gettime(CLOCK_MONOTONIC, ts);
}

/* Nanoseconds on the monotonic clock. */
uint64_t
eventloop_now(void)
{
	struct timespec	ts;

	clock_read(&ts);
	return (uint64_t)ts.tv_sec * NSEC_PER_SEC + (uint64_t)ts.tv_nsec;
}

#ifdef HAVE_PPOLL
/*
 * When ppoll() returns ready descriptors, it puts the blocked mask back
 * without running the handlers of signals that came meanwhile: with a busy
 * stream they would wait as long as it stays busy. Let them in now.
 */
static void
deliver_pending(void)
{
	struct timespec	zero = { 0, 0 };
	sigset_t	pending;
	size_t		i;
	int		any;

	if (sigpending(&pending) == -1)
		return;
	any = sigismember(&pending, SIGCHLD) == 1 ||
	    (tstp_caught && sigismember(&pending, SIGTSTP) == 1);
	for (i = 0; i < NSTOP; i++)
		any |= handled[i] && sigismember(&pending, stop_signals[i]) == 1;
	if (any)
		ppoll(NULL, 0, &zero, &wait_mask);
}

/* Wait on the n descriptors at fds, with our signals let in. */
static int
wait_masked(struct pollfd *fds, int n, const struct timespec *tp)
{
	return ppoll(fds, (nfds_t)n, tp, &wait_mask);
}
#else
/* Empty the self-pipe: its bytes have woken the wait they were for. */
static void
wake_drain(void)
{
	char	buf[64];

	while (read(wake_pipe[0], buf, sizeof buf) == (ssize_t)sizeof buf)
		;
}

/* Milliseconds for poll(), rounded up: a wait never ends early. */
static int
poll_ms(const struct timespec *tp)
{
	uint64_t	ms;

	if (tp == NULL)
		return -1;
	ms = (uint64_t)tp->tv_sec * 1000 +
	    ((uint64_t)tp->tv_nsec + 999999) / 1000000;
	return ms > INT_MAX ? INT_MAX : (int)ms;
}

/*
 * Wait on the n descriptors at fds, with our signals let in, as ppoll()
 * does: poll() with the self-pipe in the slot after them (fds has room for
 * it), between two sigprocmask() calls. A signal that came before poll()
 * started has made the pipe readable, and counts as one that interrupted
 * it: -1 with EINTR when no other descriptor is ready.
 */
static int
wait_masked(struct pollfd *fds, int n, const struct timespec *tp)
{
	sigset_t	old;
	int		r, e;

	fds[n].fd = wake_pipe[0];
	fds[n].events = POLLIN;
	fds[n].revents = 0;
	if (sigprocmask(SIG_SETMASK, &wait_mask, &old) == -1)
		return -1;
	r = poll(fds, (nfds_t)n + 1, poll_ms(tp));
	e = errno;
	sigprocmask(SIG_SETMASK, &old, NULL);
	if (r == -1 || fds[n].revents != 0)
		wake_drain();
	if (r > 0 && fds[n].revents != 0 && --r == 0) {
		r = -1;
		e = EINTR;
	}
	errno = e;
	return r;
}

/*
 * Nothing to deliver: the first sigprocmask() around poll() let in what
 * was pending, and what came later interrupted poll() or ran its handler
 * before the mask went back.
 */
static void
deliver_pending(void)
{
}
#endif

/*
 * Wait once: until a signal, an event on fds, or the absolute deadline
 * (0: none). Returns poll's result; -1 with EINTR is a signal, not an
 * error. Handlers run only in here (our signals are blocked elsewhere), so
 * a flag checked before the call cannot be set behind our back. Whatever
 * waits in the sinks for a reader goes out here too, when there is room.
 */
/*
 * What the handlers asked for, done outside them: a Ctrl-Z's stop, and the
 * reaping of what ended where every wait reaps. errno stays the wait's.
 */
static void
after_wait(void)
{
	int	e = errno;

	if (got_tstp) {
		got_tstp = 0;
		tstp_fn(tstp_arg);
	}
	if (reap_in_wait && got_chld && reaper_fn != NULL) {
		got_chld = 0;
		reaper_fn(reaper_arg);
	}
	errno = e;
}

int
eventloop_wait(uint64_t deadline, struct pollfd *fds, int nfds)
{
	/* Static: copies side by side may bring a few hundred. */
	static struct pollfd all[EVENTLOOP_MAXFDS + SINK_MAXFDS + WAKE_SLOTS]
	    LARGE_ZEROED;
	struct pollfd	sinks[SINK_MAXFDS];
	struct timespec	ts, *tp = NULL;
	uint64_t	now, left;
	int		r, i, nsink;

	if (deadline != 0) {
		now = eventloop_now();
		left = deadline > now ? deadline - now : 0;
		ts.tv_sec = (time_t)(left / NSEC_PER_SEC);
		ts.tv_nsec = (long)(left % NSEC_PER_SEC);
		tp = &ts;
	}
	if (nfds > EVENTLOOP_MAXFDS)
		nfds = EVENTLOOP_MAXFDS;
	/*
	 * The caller's own array when no sink waits (retry's stdout and
	 * stderr are not blocked: nearly always), so that a wait touches
	 * no page of all's (a page fault; issue 28). Not with a self-pipe:
	 * the caller's array has no slot for it.
	 */
	nsink = sink_pollfds(sinks);
#ifdef HAVE_PPOLL
	if (nsink == 0) {
		r = wait_masked(fds, nfds, tp);
		if (r <= 0)
			for (i = 0; i < nfds; i++)
				fds[i].revents = 0;
	} else
#endif
	{
		for (i = 0; i < nfds; i++)
			all[i] = fds[i];
		for (i = 0; i < nsink; i++)
			all[nfds + i] = sinks[i];
		r = wait_masked(all, nfds + nsink, tp);
		for (i = 0; i < nfds; i++) {
			fds[i].revents = 0;
			if (r > 0)
				fds[i].revents = all[i].revents;
		}
	}
	if (r > 0) {
		deliver_pending();
		if (nsink > 0)
			sink_flush();
	}
	after_wait();
	return r;
}

/*
 * Wait for the sinks to empty while their readers take bytes: a reader
 * that has taken nothing for SINK_STALL_NS is not waited for, nor is
 * anything past the deadline (0: none), nor after a stop signal. Nothing
 * is dropped: what a stalled reader did not take waits on. Returns 0 when
 * all was written, 1 when something still waits.
 */
int
eventloop_flush_sinks(uint64_t deadline)
{
	uint64_t	wake;

	for (;;) {
		sink_flush();
		if (sink_pending(STDOUT_FILENO) == 0 &&
		    sink_pending(STDERR_FILENO) == 0)
			return 0;
		wake = sink_moved_at() + SINK_STALL_NS;
		if (deadline != 0 && deadline < wake)
			wake = deadline;
		if (got_signal || eventloop_now() >= wake)
			return 1;
		if (eventloop_wait(wake, NULL, 0) == -1 && errno != EINTR)
			return 1;
	}
}

/*
 * Who reaps the children that end during a sleep: fn(arg), which must
 * keep what an attempt's wait will ask for.
 */
void
eventloop_set_reaper(void (*fn)(void *), void *arg)
{
	reaper_fn = fn;
	reaper_arg = arg;
}

/* Whether every wait reaps what ended (set_reaper's fn), not only sleeps. */
void
eventloop_reap_in_wait(int on)
{
	reap_in_wait = on;
}

/*
 * What a sleep shows, from the layer above: tick(now) redraws, next(now)
 * says when next to (0: no need). A count on the terminal (report/live.c).
 */
void
eventloop_set_face(void (*tick)(uint64_t), uint64_t (*next)(uint64_t))
{
	face_tick = tick;
	face_next = next;
}

/* What to say before dying of a signal: fn(signo, now). */
void
eventloop_set_last_words(void (*fn)(int, uint64_t))
{
	last_words = fn;
}

/*
 * Sleep until the absolute deadline. A line that counts down (or up) on
 * the terminal (eventloop_set_face()) is redrawn as its seconds change. Returns 0 when
 * the deadline is reached, or the stop signal that ended the sleep.
 */
int
eventloop_sleep_until(uint64_t deadline)
{
	uint64_t	now, wake;

	for (;;) {
		if (got_signal)
			return got_signal;
		/*
		 * A child that ended is an orphan, or an attempt running
		 * beside the sleep (--hedge), whose status the reaper keeps.
		 */
		if (got_chld) {
			got_chld = 0;
			if (reaper_fn != NULL)
				reaper_fn(reaper_arg);
			else
				while (waitpid(-1, NULL, WNOHANG) > 0)
					;
		}
		now = eventloop_now();
		if (face_tick != NULL)
			face_tick(now);
		if (now >= deadline)
			return 0;
		wake = face_next != NULL ? face_next(now) : 0;
		if (wake == 0 || wake > deadline)
			wake = deadline;
		if (eventloop_wait(wake, NULL, 0) == -1 && errno != EINTR)
			return 0;
	}
}

/* Whether SIGCONT came since the last call. */
int
eventloop_take_cont(void)
{
	int	c = got_cont;

	got_cont = 0;
	return c;
}

/* Whether SIGCONT came since eventloop_take_cont(), which still sees it. */
int
eventloop_peek_cont(void)
{
	return got_cont;
}

/* Whether SIGCHLD came since the last call. */
int
eventloop_take_chld(void)
{
	int	c = got_chld;

	got_chld = 0;
	return c;
}

/* The first stop signal retry received, or 0. */
int
eventloop_signal(void)
{
	return got_signal;
}

/* How many stop signals retry received. */
int
eventloop_signal_count(void)
{
	return signal_count;
}

/*
 * Die of signo with its default action, so that the caller (a shell) sees
 * the signal and stops too. No core file for a core-dumping signal: it is
 * the user's, not a crash of retry.
 */
void
eventloop_die_of(int signo)
{
	struct rlimit	rl = { 0, 0 };
	sigset_t	set;

	if (last_words != NULL)
		last_words(signo, eventloop_now());
	sink_flush();	/* what the readers take now; nothing waits */
	if (signo == SIGQUIT)
		setrlimit(RLIMIT_CORE, &rl);
	signal(signo, SIG_DFL);
	sigemptyset(&set);
	sigaddset(&set, signo);
	sigprocmask(SIG_UNBLOCK, &set, NULL);
	raise(signo);
	/* Not reached, unless the signal is ignored after all. */
	_exit(128 + signo);
}
