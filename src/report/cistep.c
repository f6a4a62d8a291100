/* SPDX-License-Identifier: ISC */
/*
 * Reports for CI steps, at the end of a run, one ended by a signal too.
 *
 * In GitHub Actions (GITHUB_ACTIONS=true, --ci=auto), the files that the
 * runner names in GITHUB_OUTPUT and GITHUB_STEP_SUMMARY are appended to:
 * the step's outputs (attempts, exit_status, gave_up) and, after more
 * than one attempt, a Markdown line (stepreport.c). Several runs in one
 * step may end at once: each file is opened with O_APPEND and its text
 * written with one write(2), which the kernel puts whole at the file's
 * end, so that no line of one run is cut by another's. A file that
 * cannot be written is a warning: the run's status is the command's.
 *
 * --ci-dotenv=FILE, for GitLab's dotenv report, is replaced whole: the
 * text goes to a sibling (FILE.PID.tmp) that is renamed over FILE, so
 * that a reader never sees it half written. It is made in FILE's
 * directory, never through a link, and a link at FILE is replaced, not
 * followed.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "policy/large.h"
#include "policy/stepreport.h"
#include "proc/eventloop.h"
#include "proc/fdutil.h"
#include "report/ci.h"
#include "report/cistep.h"
#include "report/log.h"
#include "report/msg.h"

/* The run's failed attempts: touched only when one fails. */
static struct step_failures	fails LARGE_ZEROED;

/*
 * Attempt n failed with status: note it, and why (reason, len bytes, in
 * the messages' words), for the summary.
 */
void
cistep_failed(uint64_t n, int status, const char *reason, size_t len)
{
	step_note_failure(&fails, n, status, reason, len);
}

/* How many attempts failed; *last, the last one's status. */
uint64_t
cistep_failures(int *last)
{
	*last = fails.count > 0 ? fails.latest.status : 0;
	return fails.count;
}

/* A report that could not be written: a warning, which -q hides. */
static void
warn(const char *what, const char *path, const char *why)
{
	char	text[PATH_MAX + 256];

	snprintf(text, sizeof text, "warning: cannot write %s (%s): %s",
	    what, path, why);
	log_notice(text);
}

/*
 * Open path to append to, read and write when it may be read (to see
 * how it ends), else write only; -1 with errno and *type.
 */
static int
open_append(const char *path, int *rw, mode_t *type)
{
	int	fd;

	*rw = 1;
	fd = fd_open_checked(AT_FDCWD, path, O_RDWR | O_APPEND | O_CREAT,
	    0666, FD_FILE | FD_BLOCKING, type);
	if (fd == -1 && errno == EACCES) {
		*rw = 0;
		fd = fd_open_checked(AT_FDCWD, path, O_WRONLY | O_APPEND |
		    O_CREAT, 0666, FD_FILE | FD_BLOCKING, type);
	}
	return fd;
}

/* Whether fd's file ends inside a line: ours then starts a new one. */
static int
mid_line(int fd)
{
	struct stat	sb;
	char		c;

	return fstat(fd, &sb) == 0 && sb.st_size > 0 &&
	    pread(fd, &c, 1, sb.st_size - 1) == 1 && c != '\n';
}

/*
 * An exclusive lock on fd, until it is closed: 1, or 0 if none came
 * within about a second (a lock that another program holds on the file
 * must not keep retry from ending).
 */
static int
locked(int fd)
{
	const struct timespec	ms = { 0, 1000000 };
	int			tries;

	for (tries = 0; tries < 1000; tries++) {
		if (flock(fd, LOCK_EX | LOCK_NB) == 0)
			return 1;
		if (errno != EWOULDBLOCK && errno != EINTR)
			return 0;
		(void)nanosleep(&ms, NULL);
	}
	return 0;
}

/*
 * Append text (len bytes, a newline at its end, one byte of room before
 * it) to the file named by the variable var, if set, in one write.
 */
static void
append(const char *var, char *text, size_t len)
{
	const char	*path = getenv(var);
	mode_t		 type;
	ssize_t		 n;
	int		 fd, rw, e = 0;

	if (path == NULL || *path == '\0' || len == 0)
		return;
	if ((fd = open_append(path, &rw, &type)) == -1) {
		warn(var, path, fd_why(errno, type));
		return;
	}
	/*
	 * Another run's write may be under way: the size that fstat() sees
	 * can end inside its line. The runs of retry lock the file around
	 * the look and their write; where it cannot be locked, no look.
	 */
	if (rw && locked(fd) && mid_line(fd)) {
		text--;
		*text = '\n';
		len++;
	}
	if ((n = write(fd, text, len)) == -1)
		e = errno;
	else if ((size_t)n != len)
		e = ENOSPC;	/* a short write to a file: it is full */
	if (close(fd) == -1 && e == 0)
		e = errno;
	if (e != 0)
		warn(var, path, strerror(e));
}

/* In GitHub Actions: the step's outputs, and the summary line. */
static void
github(const struct step_run *r)
{
	static char	line[STEP_SUMMARY_MAX + 1] LARGE_ZEROED;
	char		out[STEP_OUTPUTS_MAX + 1];
	size_t		n;

	if ((n = step_outputs(r, out + 1, sizeof out - 1)) != 0)
		append("GITHUB_OUTPUT", out + 1, n);
	if ((n = step_summary(r, line + 1, sizeof line - 1)) != 0)
		append("GITHUB_STEP_SUMMARY", line + 1, n);
}

/* Write all of buf to fd, then to the disk; 0 or errno. */
static int
write_all(int fd, const char *buf, size_t len)
{
	size_t	done = 0;
	ssize_t	n;

	while (done < len) {
		if ((n = write(fd, buf + done, len - done)) == -1) {
			if (errno == EINTR)
				continue;
			return errno;
		}
		done += (size_t)n;
	}
	return fsync(fd) == -1 ? errno : 0;
}

/*
 * Replace name, in the directory dirfd, by buf through tmp, keeping the
 * mode of a regular file there; 0 or errno. O_EXCL opens nothing that
 * is there, and makes no file through a link: what a run that died with
 * our pid left is removed first.
 */
static int
replace(int dirfd, const char *name, const char *tmp, const char *buf,
    size_t len)
{
	struct stat	sb;
	int		fd, e;

	(void)unlinkat(dirfd, tmp, 0);
	fd = openat(dirfd, tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW |
	    O_CLOEXEC, 0666);
	if (fd == -1)
		return errno;
	if (fstatat(dirfd, name, &sb, AT_SYMLINK_NOFOLLOW) == 0 &&
	    S_ISREG(sb.st_mode))
		(void)fchmod(fd, sb.st_mode & 07777);
	e = write_all(fd, buf, len);
	if (close(fd) == -1 && e == 0)
		e = errno;
	if (e == 0 && renameat(dirfd, tmp, dirfd, name) == -1)
		e = errno;
	if (e != 0)
		(void)unlinkat(dirfd, tmp, 0);
	return e;
}

/* --ci-dotenv=FILE: the three lines, FILE replaced whole. */
static void
dotenv(const char *path, const struct step_run *r)
{
	char		 dir[PATH_MAX], tmp[NAME_MAX + 1], out[STEP_OUTPUTS_MAX];
	const char	*name = fd_dir_of(path, dir);
	size_t		 n = step_outputs(r, out, sizeof out);
	mode_t		 type;
	int		 dirfd, e, k;

	k = snprintf(tmp, sizeof tmp, "%s.%ld.tmp", name, (long)getpid());
	if (k < 0 || (size_t)k >= sizeof tmp) {
		warn("--ci-dotenv", path, strerror(ENAMETOOLONG));
		return;
	}
	dirfd = fd_open_checked(AT_FDCWD, dir, O_RDONLY | O_DIRECTORY, 0,
	    FD_DIR, &type);
	if (dirfd == -1) {
		warn("--ci-dotenv", path, fd_why(errno, type));
		return;
	}
	if ((e = replace(dirfd, name, tmp, out, n)) != 0)
		warn("--ci-dotenv", path, strerror(e));
	close(dirfd);
}

/*
 * Before the run: --ci-dotenv's FILE can be made, in a directory that is
 * there and writable, and is not a directory. -1 with a message in err.
 */
int
cistep_dotenv_check(const char *path, char *err, size_t errlen)
{
	struct stat	 sb;
	char		 dir[PATH_MAX];
	const char	*name = fd_dir_of(path, dir);

	if (strlen(path) + 32 >= PATH_MAX || strlen(name) + 32 > NAME_MAX) {
		snprintf(err, errlen, "--ci-dotenv=%s: %s", path,
		    strerror(ENAMETOOLONG));
		return -1;
	}
	if (strcmp(name, ".") == 0 || strcmp(name, "..") == 0 ||
	    (stat(path, &sb) == 0 && S_ISDIR(sb.st_mode))) {
		snprintf(err, errlen, "--ci-dotenv=%s: %s", path,
		    strerror(EISDIR));
		return -1;
	}
	if (access(dir, W_OK | X_OK) == -1) {
		snprintf(err, errlen, "--ci-dotenv=%s: cannot write in %s: %s",
		    path, dir, strerror(errno));
		return -1;
	}
	return 0;
}

/*
 * The run is over: its reports. GitHub's, in GitHub Actions unless
 * --ci=off; --ci-dotenv's, asked for by name, either way. 0: there were
 * none to write (and no warning was said).
 */
int
cistep_write(const struct cistep_end *e)
{
	struct step_run	r;
	int		gh = e->ci && ci_detect(1, getenv("GITHUB_ACTIONS"),
			    NULL, 1) == CI_GITHUB;

	if (!gh && e->dotenv == NULL)
		return 0;
	r.command = msg.label;
	r.end = e->end;
	r.status = e->status;
	r.signo = e->signo;
	r.attempts = e->attempts;
	/* The clock read only here: a plain run reads it no more. */
	r.total_ns = eventloop_now() - e->start;
	r.fails = &fails;
	if (gh)
		github(&r);
	if (e->dotenv != NULL)
		dotenv(e->dotenv, &r);
	return 1;
}
