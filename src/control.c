/* SPDX-License-Identifier: ISC */
/*
 * RETRY_CONTROL, the file an attempt may write its pushback to. The
 * directory is retry's own (mkdtemp: 0700; see make_dir() for where); the file
 * in it is made anew, 0600 and empty, before each attempt, never through
 * a link. About ten system calls a run, the least that makes and removes
 * a directory and a file in it (issue 28). An attempt may have put anything in its place: it is opened
 * without following a link and without waiting for a writer, and read
 * only if it is a regular file of at most PUSHBACK_MAX bytes. What goes
 * wrong is said, and the attempt counts as having said nothing.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "control.h"
#include "log.h"
#include "put.h"

#define CONTROL_NAME "control"

static void say(const char *, ...) __attribute__((format(printf, 1, 2)));

/* A warning about the file, said as a notice (not under -q). */
static void
say(const char *fmt, ...)
{
	char	msg[512];
	va_list	ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	log_notice(msg);
}

/*
 * Make a private directory in base (NULL or "": none); its path, on the
 * heap, or NULL with errno when it cannot be.
 */
static char *
make_in(const char *base)
{
	static const char	 name[] = "/retry-control.XXXXXX";
	char			*path;

	if (base == NULL || *base == '\0') {
		errno = ENOENT;
		return NULL;
	}
	if ((path = malloc(strlen(base) + sizeof name)) == NULL)
		return NULL;
	*put_str(put_str(path, base), name) = '\0';
	if (mkdtemp(path) == NULL) {
		free(path);
		return NULL;
	}
	return path;
}

/*
 * Make the private directory, once a run: in TMPDIR, the user's choice;
 * else in memory, where making and removing a file a run costs no disk
 * (XDG_RUNTIME_DIR, /dev/shm: on disk, /tmp cost a run of retry -- true
 * a tenth of a bare spawn more); else in /tmp. Worked on by its path:
 * the directory is the user's own (0700), and only the user's own
 * processes could put anything in its place. No stdio, and no path
 * buffer on the stack: each would cost every run page faults (issue 28).
 */
static int
make_dir(struct control *c)
{
	static const char	 var[] = "RETRY_CONTROL=";
	char			*path;

	if ((path = make_in(getenv("TMPDIR"))) == NULL &&
	    (path = make_in(getenv("XDG_RUNTIME_DIR"))) == NULL &&
	    (path = make_in("/dev/shm")) == NULL &&
	    (path = make_in("/tmp")) == NULL)
		return -1;
	c->dir = path;
	c->entry = malloc(sizeof var + strlen(path) + sizeof "/" CONTROL_NAME);
	/* 0700 whatever the umask: retry and its attempts make files in it. */
	if (c->entry == NULL || chmod(path, 0700) == -1) {
		(void)rmdir(path);
		free(c->dir);
		free(c->entry);
		c->dir = c->entry = NULL;
		return -1;
	}
	*put_str(put_str(put_str(c->entry, var), path), "/" CONTROL_NAME) =
	    '\0';
	c->file = c->entry + sizeof var - 1;
	c->fresh_dir = 1;
	return 0;
}

/*
 * Remove whatever the last attempt left under the name: the file, or
 * what it put in its place (a link, a FIFO, an empty directory).
 */
static int
clear(const struct control *c)
{
	if (unlink(c->file) == 0 || errno == ENOENT)
		return 0;
	if (errno != EISDIR && errno != EPERM)
		return -1;
	return rmdir(c->file);
}

/*
 * A fresh, empty file, 0600 whatever the umask. O_EXCL and O_NOFOLLOW:
 * never an old file nor through a link (a process the last attempt left
 * behind may still be at work in the directory). In the directory just
 * made there is nothing to clear.
 */
static int
make_file(struct control *c)
{
	int	fd, tries;

	for (tries = 0; tries < 3; tries++) {
		if (!c->fresh_dir && clear(c) == -1)
			return -1;
		c->fresh_dir = 0;
		fd = open(c->file, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW |
		    O_CLOEXEC, 0600);
		if (fd != -1) {
			if (fchmod(fd, 0600) == -1) {
				close(fd);
				return -1;
			}
			return close(fd);
		}
		if (errno != EEXIST)
			return -1;
	}
	return -1;
}

/*
 * Before an attempt: its RETRY_CONTROL, fresh and empty, in env; when
 * that cannot be, the attempt runs without it (said).
 */
void
control_fresh(struct control *c, struct runenv *env)
{
	c->made = 0;
	runenv_control(env, NULL);
	if (c->broken)
		return;
	if (c->dir == NULL && make_dir(c) == -1) {
		c->broken = 1;
		say("RETRY_CONTROL: cannot make a directory for it: %s; "
		    "the attempts run without it", strerror(errno));
		return;
	}
	if (make_file(c) == -1) {
		say("RETRY_CONTROL: cannot make %s/" CONTROL_NAME ": %s; "
		    "this attempt runs without it", c->dir, strerror(errno));
		return;
	}
	c->made = 1;
	runenv_control(env, c->entry);
}

/* Why an opened file is not read, or NULL; *empty: nothing in it. */
static const char *
unfit(int fd, int *empty)
{
	struct stat	st;

	if (fstat(fd, &st) == -1)
		return strerror(errno);
	if (!S_ISREG(st.st_mode))
		return "not a regular file";
	if (st.st_size > PUSHBACK_MAX)
		return "more than 4 KiB";
	*empty = st.st_size == 0;
	return NULL;
}

/* Read all of the file, up to PUSHBACK_MAX bytes; -1: more, or an error. */
static ssize_t
read_all(int fd, char *buf, const char **why)
{
	size_t	len = 0;
	ssize_t	n;

	for (;;) {
		n = read(fd, buf + len, PUSHBACK_MAX + 1 - len);
		if (n == -1 && errno == EINTR)
			continue;
		if (n == -1) {
			*why = strerror(errno);
			return -1;
		}
		if (n == 0)
			return (ssize_t)len;
		if ((len += (size_t)n) > PUSHBACK_MAX) {
			*why = "more than 4 KiB";	/* it grew */
			return -1;
		}
	}
}

/*
 * Whether the file is there, plain and empty, as nearly always: one look,
 * without opening it, and without read_file()'s 4 KiB buffer below this
 * frame (issue 28: a system call and a page fault fewer). A link is not
 * followed: what it is read_file() says.
 */
static int
plainly_empty(const char *file)
{
	struct stat	st;

	return lstat(file, &st) == 0 && S_ISREG(st.st_mode) &&
	    st.st_size == 0;
}

/* Read and parse the file; -1 (said) when it is ignored. */
static int __attribute__((noinline))
read_file(struct control *c, struct pushback *p)
{
	char		 buf[PUSHBACK_MAX + 1], shown[PUSHBACK_SHOW_MAX];
	const char	*why;
	ssize_t		 len;
	int		 fd, empty = 0;

	fd = open(c->file, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	if (fd == -1 && errno == ENOENT)
		return 0;	/* removed: nothing said */
	if (fd == -1) {
		say("RETRY_CONTROL: ignored: %s", errno == ELOOP ?
		    "a symbolic link, not followed" : strerror(errno));
		return -1;
	}
	/* Empty, as nearly always: no read to find that out. */
	if ((why = unfit(fd, &empty)) == NULL && empty) {
		close(fd);
		return 0;
	}
	if (why != NULL || (len = read_all(fd, buf, &why)) == -1) {
		close(fd);
		say("RETRY_CONTROL: ignored: %s", why);
		return -1;
	}
	close(fd);
	if (pushback_parse(buf, (size_t)len, p, &why) == -1) {
		pushback_show(buf, (size_t)len, shown, sizeof shown);
		say("RETRY_CONTROL: ignored %s: %s", shown, why);
		return -1;
	}
	return 0;
}

/*
 * After an attempt: what it wrote to RETRY_CONTROL, or NULL when it had
 * none or said nothing that counts.
 */
const struct pushback *
control_read(struct control *c)
{
	memset(&c->said, 0, sizeof c->said);
	if (!c->made || plainly_empty(c->file) ||
	    read_file(c, &c->said) == -1 ||
	    c->said.word == PUSHBACK_NONE)
		return NULL;
	return &c->said;
}

/* At the end of the run: remove the file and the directory. */
void
control_remove(struct control *c)
{
	if (c->dir == NULL)
		return;
	if (clear(c) == -1 || rmdir(c->dir) == -1)
		say("RETRY_CONTROL: cannot remove %s: %s", c->dir,
		    strerror(errno));
	free(c->dir);
	free(c->entry);
	c->dir = c->entry = NULL;
	c->made = 0;
}
