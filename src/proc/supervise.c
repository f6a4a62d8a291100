/* SPDX-License-Identifier: ISC */
/*
 * Supervising one attempt, as a shell runs a foreground job and as
 * timeout(1) guards one: the attempt leads a process group of its own, so
 * that a signal for it reaches every process it started; when retry holds
 * the terminal's foreground (from the start, or since fg), the attempt
 * gets the terminal (it can prompt, Ctrl-C and Ctrl-Z reach it) and retry
 * takes it back afterwards. Here: the terminal, retry's children, and
 * the wait for them (stops, signals passed on, reaping); spawn.c starts
 * them.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stddef.h>
#include <string.h>
#include <sys/wait.h>
#ifdef HAVE_SYS_PRCTL_H
#include <sys/prctl.h>
#endif
#include <termios.h>
#include <unistd.h>

#include "policy/exitcodes.h"
#include "policy/large.h"
#include "proc/eventloop.h"
#include "proc/supervise.h"

static void	reap_others(void *);

/*
 * From the first time retry holds the terminal on, ignore SIGTTOU: the
 * kernel raises it when retry takes the terminal back from an attempt
 * (tcsetpgrp()), and under `stty tostop` when retry passes on the output
 * of an attempt that holds it. Until then, a retry started in the
 * background stops on its own output under tostop, as any job does.
 */
static int
ignore_ttou(struct supervise *s)
{
	struct sigaction	sa;

	if (s->ttou_ignored)
		return 0;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = SIG_IGN;
	sigemptyset(&sa.sa_mask);
	if (sigaction(SIGTTOU, &sa, NULL) == -1)
		return -1;
	s->ttou_ignored = 1;
	return 0;
}

/*
 * Find out whether retry has a terminal, and keep a descriptor of it if
 * so. Also when retry starts in the background (cmd &): an attempt that
 * reads the terminal then stops, and retry must see it, to stop as a job
 * would and, once the shell brings it back (fg), give the attempt the
 * terminal.
 */
int
supervise_init(struct supervise *s, int foreground)
{
	pid_t	fg;

	/*
	 * All but the kids, which are read only below nkids: their 3 KiB
	 * left unwritten are pages no run without --hedge touches (issue 28).
	 */
	memset(s, 0, offsetof(struct supervise, kids));
	s->foreground = foreground;
	s->tty_fd = -1;
	s->own_pgrp = getpgrp();
	eventloop_set_reaper(reap_others, s);
#if defined(HAVE_PRCTL) && defined(PR_SET_CHILD_SUBREAPER)
	/*
	 * Processes an attempt orphans become retry's children, not init's,
	 * so that retry sees when the last of a stopped attempt's group is
	 * gone (a zombie still counts as a member until its parent reaps
	 * it, and init may be slow). They are reaped and never waited for.
	 * Elsewhere (macOS) they go to init, and a stopped attempt's group
	 * is gone once init has reaped them (the man page's PORTABILITY).
	 */
	prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
#endif
	if (foreground)
		return 0;
	/* O_NONBLOCK: a serial line without carrier must not hold us. */
	s->tty_fd = open("/dev/tty", O_RDWR | O_NOCTTY | O_NONBLOCK | O_CLOEXEC);
	if (s->tty_fd == -1)
		return 0;
	if ((fg = tcgetpgrp(s->tty_fd)) == -1 ||
	    sigaction(SIGTTOU, NULL, &s->orig_ttou) == -1) {
		close(s->tty_fd);
		s->tty_fd = -1;
		return 0;
	}
	s->background = fg != s->own_pgrp;
	return s->background ? 0 : ignore_ttou(s);
}

/*
 * Ctrl-Z, caught while retry keeps the terminal: stop every attempt and
 * hook running, stop retry, and once the shell continues it, continue
 * them. A stopped job is all of them, as it would be in one group.
 */
static void
suspend(void *arg)
{
	struct supervise	*s = arg;
	size_t			 i;

	for (i = 0; i < s->nkids; i++)
		if (!s->kids[i].ended)
			kill(s->foreground ? s->kids[i].pid :
			    -s->kids[i].pgid, SIGSTOP);
	eventloop_suspend();
	for (i = 0; i < s->nkids; i++)
		if (!s->kids[i].ended)
			kill(s->foreground ? s->kids[i].pid :
			    -s->kids[i].pgid, SIGCONT);
}

/*
 * Attempts will run side by side (--hedge): the terminal stays retry's,
 * so that Ctrl-C reaches retry, which passes it on to all of them, and
 * Ctrl-Z stops them all with retry (suspend()).
 */
int
supervise_share(struct supervise *s)
{
	s->share = 1;
	/*
	 * Reaped as soon as they end, whatever retry waits for (a reader of
	 * a copy's output, say): the order they ended in is kept.
	 */
	eventloop_reap_in_wait(1);
	return s->tty_fd != -1 ? eventloop_catch_tstp(suspend, s) : 0;
}

void
supervise_close(struct supervise *s)
{
	if (s->tty_fd != -1) {
		close(s->tty_fd);
		s->tty_fd = -1;
		sigaction(SIGTTOU, &s->orig_ttou, NULL);
	}
}

/*
 * Give the terminal to process group pg, unless the shell has put retry
 * in the background: a shell can do that only after it stopped retry
 * (Ctrl-Z), and it continues it with SIGCONT; so after a SIGCONT, whether
 * retry is in the background is whether its group lost the terminal.
 * Then retry takes nothing from the shell (with SIGTTOU ignored,
 * tcsetpgrp() would succeed, and the shell's next read would fail), but
 * still moves it between its own group and the attempt's (c's, the one
 * that runs). Otherwise it takes the terminal from anyone: a nested retry
 * killed with SIGKILL leaves it to a group of its own attempt's, alive or
 * gone. A terminal has one foreground group: with two attempts alive,
 * "the attempt's" would be whichever holds it, and the other would stop
 * on its first read (SIGTTIN) as a background job does.
 */
void
supervise_give_tty(struct supervise *s, const struct child *c, pid_t pg)
{
	pid_t	fg;

	if (s->tty_fd == -1)
		return;
	fg = tcgetpgrp(s->tty_fd);
	/* The shell gives the terminal to no job in the background. */
	if (fg == s->own_pgrp)
		ignore_ttou(s);
	if (eventloop_take_cont() || fg == s->own_pgrp)
		s->background = fg != s->own_pgrp &&
		    !(c->pid != -1 && fg == c->pgid);
	if (!s->background || fg == s->own_pgrp ||
	    (c->pid != -1 && fg == c->pgid))
		tcsetpgrp(s->tty_fd, pg);
}

/*
 * Keep c among retry's children: with attempts side by side, one may end
 * while the wait is for another (a hook's, say), and its status must
 * wait for its own wait. Past SUPERVISE_KIDS (more than --hedge-max
 * allows) it is not kept: it still ends, and counts as killed.
 */
void
supervise_adopt(struct supervise *s, const struct child *c)
{
	if (s->nkids == SUPERVISE_KIDS)
		return;
	s->kids[s->nkids].pid = c->pid;
	s->kids[s->nkids].pgid = c->pgid;
	s->kids[s->nkids].ended = 0;
	s->nkids++;
}

/* Retry's child pid, or NULL. */
static struct kid *
kid_of(struct supervise *s, pid_t pid)
{
	size_t	i;

	for (i = 0; i < s->nkids; i++)
		if (s->kids[i].pid == pid)
			return &s->kids[i];
	return NULL;
}

/* Forget the child pid, once its own wait has reaped it. */
void
supervise_forget(struct supervise *s, pid_t pid)
{
	struct kid	*k;

	if ((k = kid_of(s, pid)) != NULL)
		*k = s->kids[--s->nkids];
}

/*
 * Send signo to the attempt: its whole group, or itself in --foreground
 * (never once reaped: kill(-1) would reach every process we may signal).
 */
static void
signal_attempt(const struct supervise *s, const struct child *c, int signo)
{
	if (!s->foreground)
		kill(-c->pgid, signo);
	else if (c->pid > 0)
		kill(c->pid, signo);
}

/*
 * Stop retry's whole group with signo, the signal that stopped the
 * attempt: the terminal would have stopped the job so (Ctrl-Z, or a read
 * from the background, stops the reader's whole group) had the attempt
 * been in retry's group, and the shell sees its job stop and says why.
 * Returns whether retry was continued (the SIGCONT handler has run when
 * kill() returns): 0 when the signal was dropped, as the kernel drops
 * these for an orphaned group, or ignored.
 */
static int
stop_job(struct supervise *s, int signo)
{
	struct sigaction	ours;
	int			cont;

	/* SIGTTOU as retry was given it, not as it ignores it. */
	if (signo == SIGTTOU)
		sigaction(SIGTTOU, &s->orig_ttou, &ours);
	kill(0, signo);		/* returns when the shell continues us */
	/* cppcheck-suppress unreachableCode ; kill() returns here */
	cont = eventloop_peek_cont();
	if (signo == SIGTTOU)
		sigaction(SIGTTOU, &ours, NULL);
	return cont;
}

/*
 * The attempt was stopped: Ctrl-Z reached its group, or it touched the
 * terminal while it did not have it. Take the terminal back and stop
 * retry too, so the shell sees its job stop. When the shell continues
 * retry (fg), give the terminal back and continue the attempt. (With two
 * attempts alive, the job would be all of them: each to be stopped with
 * retry and continued with it, the terminal to the one that had it.)
 */
static void
job_stopped(struct supervise *s, struct child *c, int signo)
{
	int	tty_stop = signo == SIGTTIN || signo == SIGTTOU;

	pid_t	fg = tcgetpgrp(s->tty_fd);

	/*
	 * It stopped to read or write the terminal while it did not have
	 * it, and retry is in the foreground (it was not when the attempt
	 * started, or not yet): give it the terminal, go on. Or it has the
	 * terminal already: it stopped before retry gave it (an attempt
	 * that reads at once can be quicker than the tcsetpgrp() after its
	 * exec), and only needs to go on.
	 */
	if (tty_stop && (fg == s->own_pgrp || fg == c->pgid)) {
		supervise_give_tty(s, c, c->pgid);
		signal_attempt(s, c, SIGCONT);
		return;
	}
	supervise_give_tty(s, c, s->own_pgrp);
	/*
	 * Not stopped, and the attempt cannot have the terminal: no one
	 * will continue retry (an orphaned group), and a continued attempt
	 * would only stop again. It stays stopped, until a signal or a
	 * timeout ends it.
	 */
	if (!stop_job(s, signo) && tty_stop)
		return;
	if (tcgetpgrp(s->tty_fd) == s->own_pgrp)
		supervise_give_tty(s, c, c->pgid);
	signal_attempt(s, c, SIGCONT);
}

/* Fill the outcome from a wait status. */
static void
set_outcome(struct outcome *out, int st)
{
	memset(out, 0, sizeof *out);
	if (WIFSIGNALED(st)) {
		out->kind = OUTCOME_SIGNALED;
		out->signo = WTERMSIG(st);
		out->status = EXIT_SIGNAL_BASE + out->signo;
	} else {
		out->kind = OUTCOME_EXITED;
		out->status = WEXITSTATUS(st);
	}
}

/* The attempt c has ended with wait status st: its outcome, the tty. */
static void
child_ended(struct supervise *s, struct child *c, struct outcome *out,
    int st)
{
	set_outcome(out, st);
	/* Side by side, the terminal is retry's unless one took it. */
	if (!s->share || (s->tty_fd != -1 &&
	    tcgetpgrp(s->tty_fd) == c->pgid))
		supervise_give_tty(s, c, s->own_pgrp);
	supervise_forget(s, c->pid);
	c->pid = -1;
}

/*
 * Reap every child that ended: the attempts of ws (their outcomes filled
 * in, their leaders marked reaped), retry's other children (kept for
 * their own wait) and orphans handed to retry as subreaper (just reaped).
 * Returns how many of ws ended.
 */
static int
reap(struct supervise *s, struct watch **ws, size_t n)
{
	struct child	 other;
	struct kid	*k;
	int		 st, done = 0, flags = WNOHANG;
	size_t		 i;
	pid_t		 r;

	for (i = 0; i < n; i++)
		if (ws[i]->c->pid != -1 && (k = kid_of(s, ws[i]->c->pid)) !=
		    NULL && k->ended) {
			ws[i]->seq = k->seq;
			child_ended(s, ws[i]->c, ws[i]->out, k->status);
			done++;
		}
	if (s->tty_fd != -1)
		flags |= WUNTRACED;
	for (;;) {
		r = waitpid(-1, &st, flags);
		if (r == -1 && errno == EINTR)
			continue;
		if (r <= 0)
			return done;
		for (i = 0; i < n && ws[i]->c->pid != r; i++)
			;
		k = kid_of(s, r);
		if (i == n && k == NULL)
			continue;	/* an orphan */
		if (WIFSTOPPED(st)) {
			other.pid = r;
			other.pgid = k != NULL ? k->pgid : ws[i]->c->pgid;
			job_stopped(s, i < n ? ws[i]->c : &other,
			    WSTOPSIG(st));
			continue;
		}
		if (i == n) {
			k->status = st;
			k->ended = 1;
			k->seq = ++s->reaped;
			continue;
		}
		ws[i]->seq = ++s->reaped;
		child_ended(s, ws[i]->c, ws[i]->out, st);
		done++;
	}
}

/*
 * Reap what ended while no wait was for it (a sleep, a wait for the
 * budget's store): orphans, and attempts running side by side, whose
 * status is kept for their own wait.
 */
static void
reap_others(void *arg)
{
	(void)reap(arg, NULL, 0);
}

/* Stop the attempt: its stop signal, and SIGCONT in case it is stopped. */
static void
stop_attempt(const struct supervise *s, const struct child *c, int signo)
{
	signal_attempt(s, c, signo);
	if (signo != SIGKILL && signo != SIGCONT)
		signal_attempt(s, c, SIGCONT);
}

/* Whether any process of the attempt's group is still there. */
static int
group_alive(const struct supervise *s, const struct child *c)
{
	return !s->foreground && kill(-c->pgid, 0) == 0;
}

/* Arm SIGKILL for kill_after from now, unless it is armed already. */
static void
arm_kill(struct stopping *st, uint64_t kill_after)
{
	if (kill_after != 0 && st->kill_at == 0)
		st->kill_at = eventloop_now() + kill_after;
}

/*
 * Pass on the stop signals retry received: the first as it is, followed
 * by SIGKILL after --kill-after like a timeout's; a later one as SIGKILL
 * at once (the user insists).
 */
static void
forward_signals(const struct supervise *s, const struct child *c,
    struct stopping *st, uint64_t kill_after)
{
	int	count = eventloop_signal_count();

	if (count == st->forwarded)
		return;
	if (st->forwarded == 0) {
		stop_attempt(s, c, eventloop_signal());
		arm_kill(st, kill_after);
	} else {
		signal_attempt(s, c, SIGKILL);
		st->kill_at = 0;
	}
	st->forwarded = count;
}

/* Begin the wait for an attempt, started on path with plan p. */
void
supervise_watch(struct watch *w, struct child *c, const struct stop_plan *p,
    struct io_path *path, struct outcome *out)
{
	memset(w, 0, sizeof *w);
	w->c = c;
	w->p = p;
	w->path = path;
	w->out = out;
}

/*
 * Stop an attempt that is no longer wanted (another one won, or ended
 * the run): signo to its group, SIGKILL after its plan's kill_after.
 * It is waited for as ever, and done once its group is gone.
 */
void
supervise_stop(const struct supervise *s, struct watch *w, int signo)
{
	if (w->done || w->st.kill_at != 0)
		return;
	if (w->c->pid != -1 || group_alive(s, w->c))
		stop_attempt(s, w->c, signo);
	w->st.cancelled = 1;
	arm_kill(&w->st, w->p->kill_after);
}

/*
 * An attempt whose leader is reaped: once stopped (a timeout, a signal
 * passed on, a stop), the rest of its group had the stop signal too,
 * and is given until the kill time to go, then SIGKILL, so that no
 * grandchild outlives it. These are not retry's children: no SIGCHLD
 * tells when they are gone, so the wait naps (*nap) meanwhile. Returns
 * whether it is done.
 */
static int
settle(struct supervise *s, struct watch *w, uint64_t now, uint64_t *nap)
{
	struct stopping	*st = &w->st;
	uint64_t	 at;

	if (st->stopped || st->forwarded || st->cancelled) {
		forward_signals(s, w->c, st, w->p->kill_after);
		if (group_alive(s, w->c) && st->kill_at != 0 &&
		    now < st->kill_at) {
			at = now + 20000000ULL;
			if (at > st->kill_at)
				at = st->kill_at;
			if (*nap == 0 || at < *nap)
				*nap = at;
			return 0;
		}
		/* Gone, or killed already, or --kill-after=0. */
		if (st->kill_at != 0 && group_alive(s, w->c))
			signal_attempt(s, w->c, SIGKILL);
		st->kill_at = 0;
	}
	if (st->stopped) {
		w->out->kind = OUTCOME_TIMEDOUT;
		w->out->signo = w->p->signo;
		w->out->status = EXIT_TIMEDOUT;
		w->out->idle_ns = st->idle;
	}
	return w->done = 1;
}

/*
 * When an attempt without output for the plan's idle time is stopped
 * (0: never): its last output, or the wait's start, that long after.
 */
static uint64_t
idle_stop(const struct stop_plan *p, const struct io *io,
    struct io_path *path)
{
	uint64_t	last;

	if (p->idle == 0)
		return 0;
	last = io_last_output(io, path);
	return p->idle < UINT64_MAX - last ? last + p->idle : UINT64_MAX;
}

/* The earlier of two times, 0 being none. */
static uint64_t
earlier(uint64_t a, uint64_t b)
{
	return a == 0 || (b != 0 && b < a) ? b : a;
}

/*
 * A running attempt's stops: at the plan's time, or once it has written
 * nothing for the plan's idle time, the stop signal, then SIGKILL after
 * kill_after, and it counts as timed out; stop signals that retry
 * received are passed on. Returns when to wake for it next (0: never).
 */
static uint64_t
keep_watch(struct supervise *s, const struct io *io, struct watch *w,
    uint64_t now)
{
	const struct stop_plan	*p = w->p;
	struct stopping		*st = &w->st;
	uint64_t		 idle_at;

	forward_signals(s, w->c, st, p->kill_after);
	idle_at = st->cancelled ? 0 : idle_stop(p, io, w->path);
	if (!st->stopped && !st->cancelled && ((p->at != 0 && now >= p->at) ||
	    (idle_at != 0 && now >= idle_at))) {
		stop_attempt(s, w->c, p->signo);
		st->stopped = 1;
		if (idle_at != 0 && now >= idle_at &&
		    (p->at == 0 || now < p->at))
			st->idle = p->idle;
		arm_kill(st, p->kill_after);
	} else if (st->kill_at != 0 && now >= st->kill_at) {
		signal_attempt(s, w->c, SIGKILL);
		st->kill_at = 0;
	}
	if (st->stopped || st->cancelled)
		return st->kill_at;
	return earlier(earlier(p->at, idle_at), st->kill_at);
}

/*
 * Keep watch on attempts ws (n of them) at now: settle those whose leader
 * was reaped, stop those whose time came (keep_watch()). *at: when to
 * wake for them next; *nap: when to look again at a stopped group that
 * is going. Returns how many are done now.
 */
static int
watch_all(struct supervise *s, struct watch **ws, size_t n,
    const struct io *io, uint64_t now, uint64_t *at, uint64_t *nap)
{
	size_t	i;
	int	ended = 0;

	for (i = 0; i < n; i++) {
		if (ws[i]->done)
			continue;
		if (ws[i]->c->pid == -1)
			ended += settle(s, ws[i], now, nap);
		else
			*at = earlier(*at, keep_watch(s, io, ws[i], now));
	}
	return ended;
}

/*
 * The descriptors of the running attempts' paths to poll, into pfds:
 * from[i] is where attempt i's begin, from[n] their end. Returns how
 * many. An attempt whose spool failed cannot be replayed: it is killed.
 * A write that failed is left to end the run after it.
 */
static int
path_fds(const struct supervise *s, struct watch **ws, size_t n,
    struct io *io, struct pollfd *pfds, int *from)
{
	size_t	i;
	int	k = 0, efd;

	for (i = 0; i < n; i++) {
		from[i] = k;
		if (ws[i]->done || ws[i]->c->pid == -1)
			continue;
		k += io_pollfds(io, ws[i]->path, pfds + k);
		if (io_error(io, ws[i]->path, &efd) != 0 && efd == -1 &&
		    !ws[i]->io_lost) {
			signal_attempt(s, ws[i]->c, SIGKILL);
			ws[i]->io_lost = 1;
		}
	}
	from[n] = k;
	return k;
}

/*
 * Wait for attempts ws (n of them, some maybe done) until one more is
 * done, moving the input and output of those still running on their
 * paths, or until wake (0: none). Each is stopped by its plan and gets
 * the stop signals retry receives (keep_watch()); a second one kills
 * the groups at once. Returns 1 when one or more is done (their done
 * flags say which), 0 at wake, -1 on a failed wait (errno).
 */
int
supervise_wait_any(struct supervise *s, struct watch **ws, size_t n,
    struct io *io, uint64_t wake)
{
	/*
	 * Not on the stack: 4 KiB there put the wait's first calls into
	 * libc, bound on the way down, a page of stack further (a page
	 * fault every run; issue 28). A plain run polls nothing here.
	 */
	static struct pollfd pfds[EVENTLOOP_MAXFDS] LARGE_ZEROED;
	int		from[EVENTLOOP_MAXFDS / IO_MAXFDS + 1];
	uint64_t	now, at, nap;
	int		k, r, chld;
	size_t		i;

	if (n > EVENTLOOP_MAXFDS / IO_MAXFDS)
		n = EVENTLOOP_MAXFDS / IO_MAXFDS;
	for (chld = 1;; chld = eventloop_take_chld()) {
		/* Side by side, the wait itself reaps (supervise_share()). */
		if (chld || s->share)
			(void)reap(s, ws, n);
		now = eventloop_now();
		at = wake;
		nap = 0;
		if (watch_all(s, ws, n, io, now, &at, &nap) > 0)
			return 1;
		if (wake != 0 && now >= wake)
			return 0;
		k = path_fds(s, ws, n, io, pfds, from);
		r = eventloop_wait(earlier(at, nap), pfds, k);
		if (r == -1 && errno != EINTR)
			return -1;
		for (i = 0; r > 0 && i < n; i++)
			if (from[i + 1] > from[i])
				io_handle(io, ws[i]->path, pfds + from[i],
				    from[i + 1] - from[i]);
	}
}

/*
 * Wait for the attempt c to end, moving its input and output on path, and
 * for its group to go when it was stopped (supervise_wait_any()): at the
 * plan's time, or once it has written nothing for the plan's idle time,
 * it gets the stop signal, then SIGKILL after kill_after, and counts as
 * timed out (124) however it ends. A stop signal that retry receives
 * meanwhile is passed on to the attempt's group, then SIGKILL after
 * kill_after as well; a second one kills the group at once. Returns 0
 * with the outcome, or the stop signal retry received (the attempt is
 * reaped by then), -1 on a failed wait.
 */
int
supervise_wait(struct supervise *s, struct child *c, const struct stop_plan *p,
    struct io *io, struct io_path *path, struct outcome *out)
{
	struct watch	 w;
	struct watch	*ws = &w;

	supervise_watch(&w, c, p, path, out);
	while (!w.done)
		if (supervise_wait_any(s, &ws, 1, io, 0) == -1)
			return -1;
	return eventloop_signal();
}
