/* SPDX-License-Identifier: ISC */
/*
 * Starting an attempt (or a hook): the child made with vfork() or fork(),
 * put in a process group of its own and exec'd; why it could not exec,
 * through the exec pipe or retry's memory; the terminal handed to it
 * once it runs, and the stop signals that came meanwhile passed on.
 * supervise.c waits for it.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

#include "policy/exitcodes.h"
#include "proc/eventloop.h"
#include "proc/fdutil.h"
#include "proc/io.h"
#include "proc/supervise.h"

extern char **environ;

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
 * Whether what execvp() found for name, and could not run, is directories
 * alone: name itself when it has a slash, else each PATH entry's name
 * (execvp()'s search, whose EACCES says only that some candidate could not
 * be run). In the child: stat() and the stack, nothing that allocates.
 */
static int
only_directories(const char *name)
{
	struct stat	 sb;
	char		 buf[PATH_MAX];
	const char	*dirs, *p, *end;
	size_t		 d, n = strlen(name);
	int		 found = 0;

	if (strchr(name, '/') != NULL)
		return stat(name, &sb) == 0 && S_ISDIR(sb.st_mode);
	if ((dirs = getenv("PATH")) == NULL)
		dirs = "/bin:/usr/bin";	/* glibc's and musl's default */
	for (p = dirs; ; p = end + 1) {
		if ((end = strchr(p, ':')) == NULL)
			end = p + strlen(p);
		d = (size_t)(end - p);
		if (d == 0)		/* an empty entry: the working directory */
			buf[d++] = '.';
		else if (d < sizeof buf)
			memcpy(buf, p, d);
		if (d + 1 + n < sizeof buf) {
			buf[d] = '/';
			memcpy(buf + d + 1, name, n + 1);
			if (stat(buf, &sb) == 0) {
				if (!S_ISDIR(sb.st_mode))
					return 0;	/* a file it could not run */
				found = 1;
			}
		}
		if (*end == '\0')
			break;
	}
	return found;
}

/*
 * In the child: become the attempt, or report errno (in vfork_errno, and
 * to errfd unless it is -1) and exit.
 */
static void __attribute__((noinline, noreturn))
child_exec(struct supervise *s, char **argv, char **envp, struct io *io,
    struct io_path *path, int errfd)
{
	int		e;

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
	/* `retry -- /tmp`: say it is a directory, not a permission denied. */
	if (e == EACCES && only_directories(argv[0]))
		e = EISDIR;
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
	fd_close(&p[0]);
	fd_close(&p[1]);
}

/*
 * Read the exec error from the child through the exec pipe p, if any: 0
 * when exec succeeded. Our write end is closed first, so that the read
 * ends once the child's end closes on exec.
 */
static int
exec_error(int p[2])
{
	ssize_t	n;
	int	e = 0;

	fd_close(&p[1]);
	do
		n = read(p[0], &e, sizeof e);
	while (n == -1 && errno == EINTR);
	return n == (ssize_t)sizeof e ? e : 0;
}

/*
 * The child c could not exec (errno e): reap it, and say so in out, as
 * a shell would (127 not found, 126 not run).
 */
static void
exec_failed(struct supervise *s, struct child *c, int e, struct outcome *out)
{
	int	st;

	while (waitpid(c->pid, &st, 0) == -1 && errno == EINTR)
		;
	supervise_forget(s, c->pid);
	c->pid = -1;
	memset(out, 0, sizeof *out);
	out->kind = OUTCOME_EXEC_FAILED;
	out->exec_errno = e;
	out->status = e == ENOENT ? EXIT_ENOENT : EXIT_CANNOT_INVOKE;
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
	sigset_t	 old;
	int		 p[2] = { -1, -1 }, e, shared;
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
	supervise_adopt(s, c);
	e = shared ? vfork_errno : exec_error(p);
	close_pipe(p);
	/*
	 * The terminal only now, not in the child before it execs, where a
	 * Ctrl-Z would stop it out of retry's sight (drop_stops()). An
	 * attempt quick to read it first stops on SIGTTIN and gets it then
	 * (job_stopped()).
	 */
	if (e == 0) {
		if (!s->share)
			supervise_give_tty(s, c, pid);
		pass_stop(s, c, &old);
		return 0;
	}
	sigprocmask(SIG_SETMASK, &old, NULL);
	exec_failed(s, c, e, out);
	return 1;
}
