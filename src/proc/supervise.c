/* SPDX-License-Identifier: ISC */
/*
 * Supervising one attempt, as a shell runs a foreground job and as
 * timeout(1) guards one: the attempt leads a process group of its own, so
 * that a signal for it reaches every process it started; when retry holds
 * the terminal's foreground (from the start, or since fg), the attempt
 * gets the terminal (it can prompt, Ctrl-C and Ctrl-Z reach it) and retry
 * takes it back afterwards.
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

#include "proc/eventloop.h"
#include "policy/exitcodes.h"
#include "proc/fdutil.h"
#include "policy/large.h"
#include "proc/supervise.h"

extern char **environ;

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
static void
give_tty(struct supervise *s, const struct child *c, pid_t pg)
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
 * A child made with vfork() shares retry's memory until it execs: it may
 * only make system calls and write to its own stack. Every signal retry
 * handles is blocked across the call, and the child puts their actions back
 * (its table of actions is its own) before it unblocks them.
 */
#if defined(HAVE_WORKING_VFORK) && defined(HAVE_EXECVPE)
#define USE_VFORK 1
#else
#define USE_VFORK 0
#endif

/* The signals by which a terminal stops a job. */
static void
tty_stops(sigset_t *set)
{
	sigemptyset(set);
	sigaddset(set, SIGTSTP);
	sigaddset(set, SIGTTIN);
	sigaddset(set, SIGTTOU);
}

/*
 * In the child, out of retry's group: drop the terminal's stop signals,
 * blocked since before the fork, that reached it while it was still in
 * that group. They were for retry's job, and retry has them too
 * (pass_stop()); unblocked, they would stop the child before it execs,
 * where retry, suspended in vfork() or reading the exec pipe, could
 * neither see it stop nor continue it, and the shell would wait for a job
 * that never stops. None comes later: the child's own group gets the
 * terminal only once it has exec'd.
 */
static void
drop_stops(void)
{
	static const int	sigs[] = { SIGTSTP, SIGTTIN, SIGTTOU };
	struct sigaction	ign, was;
	sigset_t		pending;
	size_t			i;

	/* Nearly always none: one system call to find out, not six. */
	if (sigpending(&pending) == 0 && !sigismember(&pending, SIGTSTP) &&
	    !sigismember(&pending, SIGTTIN) && !sigismember(&pending, SIGTTOU))
		return;
	memset(&ign, 0, sizeof ign);
	ign.sa_handler = SIG_IGN;
	sigemptyset(&ign.sa_mask);
	/* Ignoring a signal discards it while pending, blocked or not. */
	for (i = 0; i < sizeof sigs / sizeof sigs[0]; i++) {
		sigaction(sigs[i], &ign, &was);
		sigaction(sigs[i], &was, NULL);
	}
}

/*
 * Why a child made with vfork() could not exec: where it shares retry's
 * memory, it leaves errno here, and retry, which resumes only once the
 * child has exec'd or exited, reads it. No pipe: three system calls fewer
 * an attempt. But POSIX does not promise the sharing, and qemu-user runs
 * vfork() as fork(): the errno stays in the child's copy, and a command
 * not found would pass for one that exited 127. So the child also says
 * that it ran (vfork_seen), and until one has shown that it shares our
 * memory, the errno comes through the exec pipe, as after a fork().
 */
enum vfork_memory {
	VFORK_UNKNOWN,		/* no child made with vfork() yet */
	VFORK_SHARED,		/* its writes reach retry */
	VFORK_COPIED,		/* a fork() in all but name */
};
static enum vfork_memory	vfork_memory;
static volatile int		vfork_seen;
static volatile int		vfork_errno;

/*
 * In the child: become the attempt, or report errno (in vfork_errno, and
 * to errfd unless it is -1) and exit.
 */
static void __attribute__((noinline, noreturn))
child_exec(struct supervise *s, char **argv, char **envp, struct io *io,
    struct io_path *path, int errfd)
{
	int	e;

	vfork_seen = 1;
	if (!s->foreground) {
		setpgid(0, 0);
		drop_stops();
		if (s->tty_fd != -1)
			sigaction(SIGTTOU, &s->orig_ttou, NULL);
	}
	io_child(io, path);
	eventloop_child_reset();
#if USE_VFORK
	execvpe(argv[0], argv, envp);	/* environ is retry's: leave it */
#else
	environ = envp;
	execvp(argv[0], argv);
#endif
	e = errno;
	vfork_errno = e;
	if (errfd != -1)
		while (write(errfd, &e, sizeof e) == -1 && errno == EINTR)
			;
	_exit(e == ENOENT ? EXIT_ENOENT : EXIT_CANNOT_INVOKE);
}

/*
 * Make the child, which becomes the attempt; -1 when retry could not. In
 * --foreground it stays in retry's group, which Ctrl-Z stops as a whole:
 * fork() then, so that retry stops with it even before it execs (a parent
 * in vfork() cannot stop). Otherwise the terminal's stop signals stay
 * blocked from here until pass_stop(), with the mask as it was in *old.
 */
static pid_t
spawn(struct supervise *s, char **argv, char **envp, struct io *io,
    struct io_path *path, int errfd, sigset_t *old)
{
	sigset_t	stops;
	pid_t		pid;
	int		e;

	tty_stops(&stops);
	/* In --foreground, no set: only *old is filled in. */
	sigprocmask(SIG_BLOCK, s->foreground ? NULL : &stops, old);
	/*
	 * vfork(): no page tables copied, no copy-on-write faults in retry
	 * afterwards; on a small VM that is a millisecond of every attempt.
	 */
#if USE_VFORK
	if (!s->foreground)
		/* The child makes only system calls, as posix_spawn's. */
		/* NOLINTNEXTLINE(clang-analyzer-security.insecureAPI.vfork) */
		pid = vfork();
	else
#endif
		pid = fork();
	if (pid != 0)
		eventloop_child_made();
	/*
	 * The child makes system calls only and ends in exec or _exit(),
	 * which the analyzer cannot see through.
	 */
	if (pid == 0)
		/* NOLINTNEXTLINE(clang-analyzer-unix.Vfork) */
		child_exec(s, argv, envp, io, path, errfd);
	if (pid == -1) {
		e = errno;
		sigprocmask(SIG_SETMASK, old, NULL);
		errno = e;
	}
	return pid;
}

/*
 * Take the SIGTSTP that waits, blocked, in retry, so that it does not stop
 * retry once unblocked. Returns whether one was taken. Without
 * sigtimedwait (macOS), as drop_stops() does: ignoring a signal discards
 * it while pending, and its action goes back at once (retry does not
 * catch SIGTSTP here: supervise_share() blocks it for good).
 */
static int
take_tstp(void)
{
#ifdef HAVE_SIGTIMEDWAIT
	struct timespec	zero = { 0, 0 };
	sigset_t	tstp;

	sigemptyset(&tstp);
	sigaddset(&tstp, SIGTSTP);
	return sigtimedwait(&tstp, NULL, &zero) == SIGTSTP;
#else
	struct sigaction	ign, was;

	memset(&ign, 0, sizeof ign);
	ign.sa_handler = SIG_IGN;
	sigemptyset(&ign.sa_mask);
	if (sigaction(SIGTSTP, &ign, &was) == -1)
		return 0;
	sigaction(SIGTSTP, &was, NULL);
	return 1;
#endif
}

/*
 * The attempt has exec'd and has the terminal, if retry gave it: unblock
 * the terminal's stop signals. A Ctrl-Z that came meanwhile, while the
 * child was still in retry's group or before the handover, waits in
 * retry: pass it on to the attempt, which it would have reached a moment
 * later; the attempt's stop stops retry too (job_stopped()). Any other
 * stop signal that waits stops retry when unblocked, as it would have.
 */
static void
pass_stop(struct supervise *s, const struct child *c, const sigset_t *old)
{
	sigset_t	pending;

	if (s->tty_fd != -1 && sigismember(old, SIGTSTP) == 0 &&
	    sigpending(&pending) == 0 && sigismember(&pending, SIGTSTP) == 1 &&
	    tcgetpgrp(s->tty_fd) == c->pgid && take_tstp())
		kill(-c->pgid, SIGTSTP);
	sigprocmask(SIG_SETMASK, old, NULL);
}

/* Close the ends of pipe p that are open. */
static void
close_pipe(int p[2])
{
	int	i;

	for (i = 0; i < 2; i++)
		if (p[i] != -1) {
			close(p[i]);
			p[i] = -1;
		}
}

/* Read the exec error from the child, if any: 0 when exec succeeded. */
static int
exec_error(int fd)
{
	ssize_t	n;
	int	e = 0;

	do
		n = read(fd, &e, sizeof e);
	while (n == -1 && errno == EINTR);
	return n == (ssize_t)sizeof e ? e : 0;
}

/*
 * Keep c among retry's children: with attempts side by side, one may end
 * while the wait is for another (a hook's, say), and its status must
 * wait for its own wait. Past SUPERVISE_KIDS (more than --hedge-max
 * allows) it is not kept: it still ends, and counts as killed.
 */
static void
adopt(struct supervise *s, const struct child *c)
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

static void
forget(struct supervise *s, struct kid *k)
{
	*k = s->kids[--s->nkids];
}

/*
 * Start an attempt in its own process group, c. Returns 0 when it runs, 1
 * when exec failed (the outcome says how; the child is reaped), -1 when
 * retry could not fork (errno set).
 */
int
supervise_start(struct supervise *s, struct child *c, char **argv,
    char **envp, struct io *io, struct io_path *path, struct outcome *out)
{
	struct kid	*k;
	sigset_t	 old;
	int		 p[2] = { -1, -1 }, e, st, shared;
	int		 vforked = USE_VFORK && !s->foreground;
	pid_t		 pid;

	c->pid = c->pgid = -1;
	vfork_errno = vfork_seen = 0;
	if ((!vforked || vfork_memory != VFORK_SHARED) &&
	    pipe_make(p, O_CLOEXEC) == -1)
		return -1;
	/* p[0] is close-on-exec: the child leaves it alone. */
	if ((pid = spawn(s, argv, envp, io, path, p[1], &old)) == -1) {
		e = errno;
		close_pipe(p);
		errno = e;
		return -1;
	}
	if (vforked && vfork_memory == VFORK_UNKNOWN)
		vfork_memory = vfork_seen ? VFORK_SHARED : VFORK_COPIED;
	shared = vforked && vfork_memory == VFORK_SHARED;
	io_started(io, path);
	c->pid = pid;
	c->pgid = s->foreground ? s->own_pgrp : pid;
	/*
	 * After a vfork() that shares our memory, the child has set its
	 * group and exec'd (or died) by now; after fork(), or a vfork()
	 * that copies it, it may not have yet.
	 */
	if (!s->foreground && !shared)
		setpgid(pid, pid);	/* EACCES once it has exec'd: fine */
	adopt(s, c);
	if (shared)
		e = vfork_errno;
	else {
		close(p[1]);
		p[1] = -1;
		e = exec_error(p[0]);
	}
	close_pipe(p);
	/*
	 * The terminal only now, not in the child before it execs, where a
	 * Ctrl-Z would stop it out of retry's sight (drop_stops()). An
	 * attempt quick to read it first stops on SIGTTIN and gets it then
	 * (job_stopped()).
	 */
	if (e == 0) {
		if (!s->share)
			give_tty(s, c, pid);
		pass_stop(s, c, &old);
		return 0;
	}
	sigprocmask(SIG_SETMASK, &old, NULL);
	while (waitpid(pid, &st, 0) == -1 && errno == EINTR)
		;
	if ((k = kid_of(s, pid)) != NULL)
		forget(s, k);
	c->pid = -1;
	memset(out, 0, sizeof *out);
	out->kind = OUTCOME_EXEC_FAILED;
	out->exec_errno = e;
	out->status = e == ENOENT ? EXIT_ENOENT : EXIT_CANNOT_INVOKE;
	return 1;
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
		give_tty(s, c, c->pgid);
		signal_attempt(s, c, SIGCONT);
		return;
	}
	give_tty(s, c, s->own_pgrp);
	/*
	 * Not stopped, and the attempt cannot have the terminal: no one
	 * will continue retry (an orphaned group), and a continued attempt
	 * would only stop again. It stays stopped, until a signal or a
	 * timeout ends it.
	 */
	if (!stop_job(s, signo) && tty_stop)
		return;
	if (tcgetpgrp(s->tty_fd) == s->own_pgrp)
		give_tty(s, c, c->pgid);
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
	struct kid	*k;

	set_outcome(out, st);
	/* Side by side, the terminal is retry's unless one took it. */
	if (!s->share || (s->tty_fd != -1 &&
	    tcgetpgrp(s->tty_fd) == c->pgid))
		give_tty(s, c, s->own_pgrp);
	if ((k = kid_of(s, c->pid)) != NULL)
		forget(s, k);
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
	int		k, r, chld, efd, ended;
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
		ended = 0;
		for (i = 0; i < n; i++) {
			if (ws[i]->done)
				continue;
			if (ws[i]->c->pid == -1)
				ended += settle(s, ws[i], now, &nap);
			else
				at = earlier(at, keep_watch(s, io, ws[i],
				    now));
		}
		if (ended > 0)
			return 1;
		if (wake != 0 && now >= wake)
			return 0;
		for (i = 0, k = 0; i < n; i++) {
			from[i] = k;
			if (ws[i]->done || ws[i]->c->pid == -1)
				continue;
			k += io_pollfds(io, ws[i]->path, pfds + k);
			if (io_error(io, ws[i]->path, &efd) != 0 && efd == -1 &&
			    !ws[i]->io_lost) {
				/*
				 * A spool failed: the attempt cannot be
				 * replayed. A write that failed is left to
				 * end the run after it.
				 */
				signal_attempt(s, ws[i]->c, SIGKILL);
				ws[i]->io_lost = 1;
			}
		}
		from[n] = k;
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
