/* SPDX-License-Identifier: ISC */
/*
 * RETRY_CONTROL, the file an attempt may write its pushback to. It lies in
 * a directory of the user's own, retry-UID (0700; see place() for where),
 * kept from run to run as tmux keeps its sockets' directory: making and
 * removing a directory every run cost a run of retry -- true more than
 * all the rest of this file (issue 28). Its name is the run's RETRY_RUN_ID
 * (and a number, for the copies of --hedge), 128 random bits, so runs
 * never meet in it. When that directory cannot be had (another user's is
 * in the way), each run makes one of its own (mkdtemp) as before, and
 * removes it. The file is made anew, 0600 and empty, before each attempt,
 * never through a link, and removed at the end of the run. An attempt
 * may have put anything in its place: it is opened without following a
 * link and without waiting for a writer, and read only if it is a regular
 * file of at most PUSHBACK_MAX bytes. What goes wrong is said, and the
 * attempt counts as having said nothing. Before the next attempt, what is
 * in the file's place is removed, a directory with what is in it (or
 * moved aside, see clear_tree()), so that every attempt has the file.
 */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "policy/put.h"
#include "policy/room.h"
#include "proc/fdutil.h"
#include "report/log.h"
#include "run/control.h"

#define VAR		"RETRY_CONTROL="
#define VAR_LEN		(sizeof VAR - 1)
#define SHARED_NAME	"/retry-"		/* then the user's id */
#define OWN_NAME	"/retry-control.XXXXXX"	/* mkdtemp's template */
#define ASIDE		".bad-XXXXXX"		/* after the name, moved aside */
/*
 * A directory put in the file's place is removed this many levels deep
 * and this many entries in all, at most: an attempt's leftovers go in a
 * moment, and no tree, however big, holds the run between attempts.
 */
#define TREE_DEPTH	8
#define TREE_ENTRIES	4096

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
 * The room for the first control's path, the only one a run without
 * --hedge has: from the heap, it was the run's first allocation, which
 * costs a fresh heap's page-table page and page faults (issue 28).
 */
static char	room_buf[256];
static struct room room = ROOM_OVER(room_buf);
static unsigned	controls;	/* this process's controls, numbered */

/*
 * Is dir the user's own directory for retry, for the user alone? Made
 * (0700) when missing. Not when it is anything else, a link included,
 * or another user's: a directory another user made first under the name
 * in a shared /tmp is passed over, not used.
 */
static int
own_dir(const char *dir, uid_t me)
{
	struct stat	st;

	if (lstat(dir, &st) == -1 && (errno != ENOENT ||
	    (mkdir(dir, 0700) == -1 && errno != EEXIST) ||
	    lstat(dir, &st) == -1))
		return -1;
	if (!S_ISDIR(st.st_mode) || st.st_uid != me) {
		errno = EEXIST;
		return -1;
	}
	/* 0700 whatever the umask it was made under. */
	if ((st.st_mode & 07777) != 0700 && chmod(dir, 0700) == -1)
		return -1;
	return 0;
}

/*
 * RETRY_CONTROL=DIR/NAME in c->entry, DIR in base: the user's directory
 * for retry, or else one of the run's own; -1 with errno when neither
 * can be had there.
 */
static int
place_in(struct control *c, const char *base, const char *name, uid_t me)
{
	size_t	 len;
	char	*p, *dir;

	if (base == NULL || *base == '\0') {
		errno = ENOENT;
		return -1;
	}
	len = VAR_LEN + strlen(base) + sizeof OWN_NAME + 1 + strlen(name);
	if ((c->entry = room_take(&room, len)) == NULL)
		return -1;
	dir = c->entry + VAR_LEN;
	p = put_str(put_str(put_str(c->entry, VAR), base), SHARED_NAME);
	*put_uint(p, (uint64_t)me, 1) = '\0';
	if (own_dir(dir, me) == 0)
		c->own = 0;
	else {
		*put_str(put_str(dir, base), OWN_NAME) = '\0';
		if (mkdtemp(dir) == NULL) {
			room_give(&room, c->entry);
			c->entry = NULL;
			return -1;
		}
		/* 0700 whatever the umask: retry and its attempts make files. */
		if (chmod(dir, 0700) == -1) {
			(void)rmdir(dir);
			room_give(&room, c->entry);
			c->entry = NULL;
			return -1;
		}
		c->own = 1;
	}
	c->fresh = 1;		/* a new name: nothing under it to clear */
	c->dir_len = strlen(dir);
	*put_str(put_str(dir + c->dir_len, "/"), name) = '\0';
	c->file = dir;
	return 0;
}

/*
 * Where the file goes, once a run: in TMPDIR, the user's choice; else in
 * memory, where making and removing a file a run costs no disk
 * (XDG_RUNTIME_DIR, /dev/shm: on disk, /tmp cost a run of retry -- true
 * a tenth of a bare spawn more); else in /tmp. Worked on by its path:
 * the directory is the user's own (0700), and only the user's own
 * processes could put anything in its place. No stdio, and no path
 * buffer on the stack: each would cost every run page faults (issue 28).
 */
static int
place(struct control *c, const char *run_id)
{
	char	 name[48], *p;
	unsigned n = controls++;
	uid_t	 me = geteuid();

	p = put_str(name, run_id);
	if (n > 0)
		p = put_uint(put_str(p, "."), n, 1);
	*p = '\0';
	if (place_in(c, getenv("TMPDIR"), name, me) == -1 &&
	    place_in(c, getenv("XDG_RUNTIME_DIR"), name, me) == -1 &&
	    place_in(c, "/dev/shm", name, me) == -1 &&
	    place_in(c, "/tmp", name, me) == -1)
		return -1;
	return 0;
}

static int	empty_tree(int, dev_t, int, unsigned *);

/*
 * Remove name from the directory fd: a file or a link unlinked (a link
 * is never followed), a directory emptied first (empty_tree()).
 */
static int
remove_entry(int fd, const char *name, dev_t dev, int depth, unsigned *left)
{
	int	sub;

	if (*left == 0) {
		errno = ENOTEMPTY;
		return -1;
	}
	(*left)--;
	if (unlinkat(fd, name, 0) == 0 || errno == ENOENT)
		return 0;
	/* A directory: EISDIR from Linux, EPERM from POSIX. */
	if ((errno != EISDIR && errno != EPERM) || depth == 0) {
		errno = ENOTEMPTY;
		return -1;
	}
	/* Not entered if it was swapped for a link meanwhile. */
	sub = openat(fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW |
	    O_NONBLOCK | O_CLOEXEC);
	if (sub == -1 || empty_tree(sub, dev, depth - 1, left) == -1)
		return -1;
	return unlinkat(fd, name, AT_REMOVEDIR);
}

/*
 * Empty the directory fd (closed here), depth levels down and *left
 * entries at most, on the file system dev only: a file system mounted
 * in it is not emptied (rm's --one-file-system). -1 when anything stays.
 */
static int
empty_tree(int fd, dev_t dev, int depth, unsigned *left)
{
	struct stat	 st;
	struct dirent	*e;
	DIR		*d;
	int		 r = 0;

	if (fstat(fd, &st) == -1 || st.st_dev != dev ||
	    (d = fdopendir(fd)) == NULL) {
		close(fd);
		errno = ENOTEMPTY;
		return -1;
	}
	while (r == 0 && (e = readdir(d)) != NULL)
		if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0)
			r = remove_entry(fd, e->d_name, dev, depth, left);
	closedir(d);
	return r;
}

/*
 * Move the directory at the file's name aside, to a new NAME.bad-XXXXXX
 * beside it (said): renamed over an empty directory that mkdtemp() made,
 * so that no other name is taken.
 */
static int
move_aside(const struct control *c)
{
	size_t	 len = strlen(c->file) + sizeof ASIDE;
	char	*aside;
	int	 r = -1;

	if ((aside = malloc(len)) == NULL)
		return -1;
	*put_str(put_str(aside, c->file), ASIDE) = '\0';
	if (mkdtemp(aside) != NULL) {
		if ((r = rename(c->file, aside)) == 0)
			say("RETRY_CONTROL: a directory in its place moved to "
			    "%s", aside);
		else
			(void)rmdir(aside);
	}
	free(aside);
	return r;
}

/*
 * A directory with something in it at the file's name: the attempt's (or
 * a process's it left), in retry's own directory, so removed with what is
 * in it, never through a link. One too deep or too big to remove in a
 * moment, or on a file system of its own, is moved aside.
 */
static int
clear_tree(const struct control *c)
{
	struct stat	st, up;
	unsigned	left = TREE_ENTRIES;
	int		fd;

	fd = open(c->file, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_NONBLOCK |
	    O_CLOEXEC);
	if (fd == -1)
		return errno == ENOENT ? 0 : -1;
	/* A mount point's ".." is the directory it is mounted in. */
	if (fstat(fd, &st) == -1 ||
	    fstatat(fd, "..", &up, AT_SYMLINK_NOFOLLOW) == -1 ||
	    st.st_dev != up.st_dev) {
		close(fd);
		return move_aside(c);
	}
	if (empty_tree(fd, st.st_dev, TREE_DEPTH, &left) == 0 &&
	    (rmdir(c->file) == 0 || errno == ENOENT))
		return 0;
	return move_aside(c);
}

/*
 * Remove whatever the last attempt left under the name: the file, or
 * what it put in its place (a link, a FIFO, a directory).
 */
static int
clear(const struct control *c)
{
	if (unlink(c->file) == 0 || errno == ENOENT)
		return 0;
	if (errno != EISDIR && errno != EPERM)
		return -1;
	if (rmdir(c->file) == 0 || errno == ENOENT)
		return 0;
	if (errno != ENOTEMPTY && errno != EEXIST)
		return -1;
	return clear_tree(c);
}

/*
 * A fresh, empty file, 0600 whatever the umask. O_EXCL and O_NOFOLLOW:
 * never an old file nor through a link (a process the last attempt left
 * behind may still be at work in the directory). Under a name just
 * chosen there is nothing to clear.
 */
static int
make_file(struct control *c)
{
	int	fd, tries;

	for (tries = 0; tries < 3; tries++) {
		if (!c->fresh && clear(c) == -1)
			return -1;
		c->fresh = 0;
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
	if (c->entry == NULL && place(c, runenv_run_id(env)) == -1) {
		c->broken = 1;
		say("RETRY_CONTROL: cannot make a directory for it: %s; "
		    "the attempts run without it", strerror(errno));
		return;
	}
	if (make_file(c) == -1) {
		say("RETRY_CONTROL: cannot make %s: %s; "
		    "this attempt runs without it", c->file, strerror(errno));
		return;
	}
	c->made = 1;
	runenv_control(env, c->entry);
}

/* Why an opened regular file is not read, or NULL; *empty: nothing in it. */
static const char *
unfit(int fd, int *empty)
{
	struct stat	st;

	if (fstat(fd, &st) == -1)
		return strerror(errno);
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
	mode_t		 type;
	int		 fd, empty = 0;

	fd = fd_open_checked(AT_FDCWD, c->file, O_RDONLY | O_NOFOLLOW, 0,
	    FD_FILE | FD_BLOCKING, &type);
	if (fd == -1 && errno == ENOENT)
		return 0;	/* removed: nothing said */
	if (fd == -1) {
		say("RETRY_CONTROL: ignored: %s", fd_why(errno, type));
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

/*
 * At the end of the run: remove the file, and the directory when it was
 * the run's own.
 */
void
control_remove(struct control *c)
{
	char	*dir;

	if (c->entry == NULL)
		return;
	dir = c->entry + VAR_LEN;
	if (clear(c) == -1)
		say("RETRY_CONTROL: cannot remove %s: %s", c->file,
		    strerror(errno));
	else if (c->own) {
		dir[c->dir_len] = '\0';
		if (rmdir(dir) == -1)
			say("RETRY_CONTROL: cannot remove %s: %s", dir,
			    strerror(errno));
	}
	room_give(&room, c->entry);
	c->entry = NULL;
	c->file = NULL;
	c->made = 0;
}
