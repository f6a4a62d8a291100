/* SPDX-License-Identifier: ISC */
/*
 * The file: store, for the runs of one host. DIR holds, per budget NAME:
 *
 *   NAME.lock    never replaced; an fcntl lock on it (an open file
 *                description lock where there is one) serializes changes
 *   NAME.budget  the state, one line (budget_format)
 *   NAME.tmp     the next state, renamed over NAME.budget
 *
 * A change is read, compute, write NAME.tmp, rename, all under the lock,
 * so a run that dies at any point leaves the old state or the new one.
 * NAME has no ',' or '/', and the suffixes differ, so no two budgets'
 * files meet, nor a directory moved out of the way of one, to
 * NAME.budget.bad-XXXXXX or NAME.tmp.bad-XXXXXX (X: a letter or a digit).
 * DIR is the user's own and private; no symlink is followed in it, and
 * every check is made on the opened descriptor. Nothing in DIR is opened
 * so that the open could wait (a FIFO, a device): a run must never hang
 * on its budget.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "proc/eventloop.h"
#include "proc/fdutil.h"
#include "proc/rng.h"
#include "store/store.h"
#include "store/store_file.h"

#ifdef F_OFD_SETLK
#define LOCK_CMD F_OFD_SETLK
#else
#define LOCK_CMD F_SETLK
#endif

/*
 * The longest a run waits for the lock before it goes on without the
 * budget: a lock is held for some microseconds, so only a holder that
 * was stopped (Ctrl-Z, SIGSTOP) holds it this long; a thousand runs that
 * share one budget on two cores wait some milliseconds each.
 */
#define LOCK_WAIT_NS 10000000000ULL
/* With a deadline near or past, still this long: a report must get in. */
#define LOCK_WAIT_MIN_NS 250000000ULL
/*
 * Between two tries of a held lock: from the first, doubled up to the
 * last. Tries beat the kernel's queue of waiters (F_SETLKW) on two
 * cores: a lock let go goes to a run that is on a CPU. N runs of two
 * attempts on one budget, N = 1,000 / 2,000 / 3,000: all within the
 * bound in 2.1 / 4.4 / 7.9 s. With tries up to 5 ms apart, half of
 * 1,500 runs waited out a bound of 10 s (their tries starved the holder);
 * with F_SETLKW and a 20 ms tick to look at signals, half of 1,000.
 */
#define LOCK_PAUSE_FIRST_NS 50000ULL
#define LOCK_PAUSE_LAST_NS 50000000ULL
/* The longest state file that can be right. */
#define STATE_MAX 256

struct file_store {
	struct store	 base;
	int		 dirfd;		/* -1: DIR is not there (dry run) */
	int		 lockfd;	/* NAME.lock, once opened; else -1 */
	char		*dir;		/* DIR, without a trailing '/' */
	char		 lock[BUDGET_NAME_MAX + 8];
	char		 state[BUDGET_NAME_MAX + 8];
	char		 tmp[BUDGET_NAME_MAX + 8];
};

static uint64_t
now_ns(int clock)
{
	struct timespec	ts;

	clock_gettime(clock, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
}

static int
fail(struct file_store *fs, const char *what)
{
	snprintf(fs->base.error, sizeof fs->base.error, "%s: %s/%s",
	    strerror(errno), fs->dir, what);
	return -1;
}

/*
 * Open DIR, creating it 0700 if asked; refuse one that is a symlink,
 * not a directory, another user's (root's included), or writable by
 * its group or others.
 */
static int
open_dir(struct file_store *fs, enum store_create create, char *err,
    size_t errlen)
{
	struct stat	sb;
	int		fd, e;

	/*
	 * Opened first: a DIR that is there costs no mkdir. O_DIRECTORY
	 * fails on a FIFO before it is opened; O_NONBLOCK makes sure.
	 */
	fd = open(fs->dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_NONBLOCK |
	    O_CLOEXEC);
	if (fd == -1 && errno == ENOENT && create == STORE_CREATE) {
		if (mkdir(fs->dir, 0700) == -1 && errno != EEXIST) {
			snprintf(err, errlen, "cannot create %s: %s", fs->dir,
			    strerror(errno));
			return -1;
		}
		fd = open(fs->dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW |
		    O_NONBLOCK | O_CLOEXEC);
	}
	if (fd == -1 && create == STORE_NO_CREATE && errno == ENOENT)
		return fs->dirfd = -1, 0;
	if (fd == -1) {
		/* O_DIRECTORY speaks first: ENOTDIR for a symlink too. */
		e = errno;
		if (e == ELOOP || (e == ENOTDIR && lstat(fs->dir, &sb) == 0 &&
		    S_ISLNK(sb.st_mode)))
			snprintf(err, errlen, "%s: a symbolic link, which is "
			    "not followed", fs->dir);
		else
			snprintf(err, errlen, "%s: %s", fs->dir, strerror(e));
		return -1;
	}
	if (fstat(fd, &sb) == -1 || !S_ISDIR(sb.st_mode)) {
		snprintf(err, errlen, "%s: not a directory", fs->dir);
	} else if (sb.st_uid != geteuid()) {
		snprintf(err, errlen, "%s is owned by another user (uid %lu)",
		    fs->dir, (unsigned long)sb.st_uid);
	} else if ((sb.st_mode & (S_IWGRP | S_IWOTH)) != 0) {
		snprintf(err, errlen, "%s can be written by other users "
		    "(mode %03o)", fs->dir, (unsigned)(sb.st_mode & 0777));
	} else {
		fs->dirfd = fd;
		return 0;
	}
	close(fd);
	return -1;
}

/*
 * Open NAME.lock, once a run: a symlink there is removed, not followed.
 * Anything else that is not a regular file is left as it is, and the run
 * goes on without the budget: two runs that both found it could each
 * remove what the other made in its place, and then each hold a lock of
 * its own. Opened without waiting (fdutil.c): a FIFO or a device must
 * not hold the run. Close-on-exec: no attempt holds it.
 */
static int
open_lock(struct file_store *fs)
{
	const int	flags = O_RDWR | O_CREAT | O_NOFOLLOW;
	mode_t		type;
	int		fd;

	fd = fd_open_checked(fs->dirfd, fs->lock, flags, 0600, FD_FILE, &type);
	if (fd == -1 && type == S_IFLNK &&
	    unlinkat(fs->dirfd, fs->lock, 0) == 0)
		fd = fd_open_checked(fs->dirfd, fs->lock, flags, 0600, FD_FILE,
		    &type);
	if (fd != -1) {
		fs->lockfd = fd;
		return 0;
	}
	if (type == 0)
		return fail(fs, fs->lock);
	snprintf(fs->base.error, sizeof fs->base.error, "%s/%s is %s, not a "
	    "regular file: remove it", fs->dir, fs->lock, fd_kind(type));
	return -1;
}

/* Take (type F_WRLCK) or leave (F_UNLCK) the lock on NAME.lock. */
static int
set_lock(int fd, short type)
{
	struct flock	fl;

	memset(&fl, 0, sizeof fl);	/* OFD locks want l_pid 0 */
	fl.l_type = type;
	fl.l_whence = SEEK_SET;
	return fcntl(fd, LOCK_CMD, &fl);
}

/*
 * Sleep a short, random, growing while before the next try of a held
 * lock, never past until, in the event loop: a stop signal ends the wait
 * (1), as it ends any sleep; waiters do not go in step.
 */
static int
lock_pause(uint64_t *pause, uint64_t until)
{
	uint64_t	now = eventloop_now();
	uint64_t	wake = now + *pause / 2 + now % *pause;

	if (*pause < LOCK_PAUSE_LAST_NS)
		*pause *= 2;
	return eventloop_sleep_until(wake < until ? wake : until) != 0;
}

/*
 * Take the budget's lock. The wait is bounded by LOCK_WAIT_NS, and by half
 * the time left before the run's deadline (LOCK_WAIT_MIN_NS at least): a
 * run stopped while it held the lock must not hold every other run, nor
 * keep their commands from running. A stop signal ends it (errno EINTR).
 */
static int
lock_budget(struct file_store *fs)
{
	uint64_t	start = eventloop_now(), until = start + LOCK_WAIT_NS;
	uint64_t	pause = LOCK_PAUSE_FIRST_NS, half;

	if (fs->base.until != 0) {
		half = fs->base.until > start ? (fs->base.until - start) / 2 :
		    0;
		if (half < LOCK_WAIT_MIN_NS)
			half = LOCK_WAIT_MIN_NS;
		if (half < LOCK_WAIT_NS)
			until = start + half;
	}
	if (fs->lockfd == -1 && open_lock(fs) == -1)
		return -1;
	for (;;) {
		if (set_lock(fs->lockfd, F_WRLCK) == 0)
			return 0;
		if (errno != EAGAIN && errno != EACCES && errno != EINTR)
			return fail(fs, fs->lock);
		if (eventloop_now() >= until) {
			snprintf(fs->base.error, sizeof fs->base.error,
			    "%s/%s locked by another run for %.1fs", fs->dir,
			    fs->lock, (double)(eventloop_now() - start) / 1e9);
			return -1;
		}
		if (lock_pause(&pause, until)) {
			errno = EINTR;
			return fail(fs, fs->lock);
		}
	}
}

/* Say once per call that a state file was not usable. */
static void
warn_corrupt(struct file_store *fs, const char *what)
{
	snprintf(fs->base.warning, sizeof fs->base.warning,
	    "budget file %s/%s %s; starting a fresh budget", fs->dir,
	    fs->state, what);
}

/* The same, for a state file that is kind ("a FIFO"). */
static void
warn_not_regular(struct file_store *fs, const char *kind)
{
	char	what[64];

	snprintf(what, sizeof what, "is %s, not a regular file", kind);
	warn_corrupt(fs, what);
}

/*
 * Read the state; *fresh when there is none. A file that is not a
 * regular one, cannot be read or does not parse is a fresh budget, with
 * a warning: the next write replaces it.
 */
static int
read_state(struct file_store *fs, struct budget_state *st, uint64_t now,
    int *fresh)
{
	char		 buf[STATE_MAX + 1];
	mode_t		 type = 0;
	ssize_t		 n;
	int		 fd;

	*fresh = 0;
	fd = fs->dirfd == -1 ? (errno = ENOENT, -1) : fd_open_checked(
	    fs->dirfd, fs->state, O_RDONLY | O_NOFOLLOW, 0, FD_FILE, &type);
	if (fd == -1 && errno == ENOENT) {
		*fresh = 1;
		budget_fresh(&fs->base.params, st, now);
		return 0;
	}
	if (fd == -1) {
		if (type != 0)
			warn_not_regular(fs, fd_kind(type));
		else
			warn_corrupt(fs, "cannot be read");
	} else if ((n = read(fd, buf, sizeof buf)) < 0) {
		warn_corrupt(fs, "cannot be read");
	} else if (budget_parse(buf, (size_t)n, st) == -1) {
		warn_corrupt(fs, n == 0 ? "is empty" : "is corrupt");
	} else {
		close(fd);
		return 0;
	}
	if (fd != -1)
		close(fd);
	*fresh = 1;
	budget_fresh(&fs->base.params, st, now);
	return 0;
}

/*
 * Move the directory at name aside, to a new name.bad-XXXXXX, left in
 * aside. A directory renamed over one that is there replaces it only
 * when it is empty, and over a file not at all: a name that is taken
 * loses nothing.
 */
static int
move_aside(struct file_store *fs, const char *name, char *aside, size_t len)
{
	static const char	abc[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
				    "abcdefghijklmnopqrstuvwxyz0123456789";
	unsigned char		r[6];
	size_t			i;
	int			n;

	n = snprintf(aside, len, "%s.bad-", name);
	if (n < 0 || (size_t)n + sizeof r >= len) {
		errno = ENAMETOOLONG;
		return -1;
	}
	if (rng_kernel_bytes(r, sizeof r) == -1)
		return -1;
	for (i = 0; i < sizeof r; i++)
		aside[n + i] = abc[r[i] % (sizeof abc - 1)];
	aside[n + i] = '\0';
	return renameat(fs->dirfd, name, fs->dirfd, aside);
}

/*
 * Make room at name for a file of ours (under the lock): what is there is
 * unlinked, an empty directory removed. A directory with something in it
 * is moved aside whole (*aside: where to), as what is in it is the
 * user's and never deleted; the run does not go on without the budget
 * either, as every later run would then warn again and share nothing.
 */
static int
clear_path(struct file_store *fs, const char *name, char *aside, size_t len)
{
	int	e;

	aside[0] = '\0';
	if (unlinkat(fs->dirfd, name, 0) == 0 || errno == ENOENT)
		return 0;
	/* A directory: EISDIR from Linux, EPERM from POSIX. */
	if (errno != EISDIR && errno != EPERM)
		return -1;
	e = errno;
	if (unlinkat(fs->dirfd, name, AT_REMOVEDIR) == 0)
		return 0;
	if (errno == ENOTDIR) {
		errno = e;
		return -1;
	}
	if (errno != ENOTEMPTY && errno != EEXIST)
		return -1;
	if (move_aside(fs, name, aside, len) == -1) {
		aside[0] = '\0';
		return -1;
	}
	return 0;
}

/* Add to the warning where a directory in the way went. */
static void
warn_aside(struct file_store *fs, const char *name, const char *aside)
{
	size_t	n = strlen(fs->base.warning);

	snprintf(fs->base.warning + n, sizeof fs->base.warning - n,
	    "%sdirectory %s/%s moved to %s/%s", n > 0 ? "; " : "", fs->dir,
	    name, fs->dir, aside);
}

/*
 * Write the state: to NAME.tmp, then renamed over NAME.budget. What is in
 * the way of either is replaced (see clear_path).
 */
static int
write_state(struct file_store *fs, const struct budget_state *st)
{
	char	buf[STATE_MAX], aside[BUDGET_NAME_MAX + 32];
	int	fd, n;
	ssize_t	w;

	if ((n = budget_format(st, buf, sizeof buf)) == -1) {
		errno = EOVERFLOW;
		return fail(fs, fs->state);
	}
	/*
	 * O_EXCL: a new regular file or nothing; what is there (the NAME.tmp
	 * of a run that died, a symlink, a FIFO that an open for writing
	 * would wait on forever) is cleared first. No other run writes
	 * NAME.tmp: we hold the lock.
	 */
	fd = openat(fs->dirfd, fs->tmp, O_WRONLY | O_CREAT | O_EXCL |
	    O_CLOEXEC, 0600);
	if (fd == -1 && errno == EEXIST &&
	    clear_path(fs, fs->tmp, aside, sizeof aside) == 0) {
		if (aside[0] != '\0')
			warn_aside(fs, fs->tmp, aside);
		fd = openat(fs->dirfd, fs->tmp, O_WRONLY | O_CREAT | O_EXCL |
		    O_CLOEXEC, 0600);
	}
	if (fd == -1)
		return fail(fs, fs->tmp);
	w = write(fd, buf, (size_t)n);
	if (w != n) {
		if (w >= 0)
			errno = ENOSPC;
		fail(fs, fs->tmp);
		close(fd);
		return -1;
	}
	if (close(fd) == -1)
		return fail(fs, fs->tmp);
	if (renameat(fs->dirfd, fs->tmp, fs->dirfd, fs->state) == 0)
		return 0;
	/* Only a directory is not renamed over: EISDIR. */
	if (errno != EISDIR ||
	    clear_path(fs, fs->state, aside, sizeof aside) == -1)
		return fail(fs, fs->state);
	if (aside[0] != '\0')
		warn_aside(fs, fs->state, aside);
	if (renameat(fs->dirfd, fs->tmp, fs->dirfd, fs->state) == -1)
		return fail(fs, fs->state);
	return 0;
}

/* Whether two states differ (a state that did not change is not written). */
static int
changed(const struct budget_state *a, const struct budget_state *b)
{
	return a->tokens != b->tokens || a->at != b->at ||
	    a->fails != b->fails || a->open_until != b->open_until ||
	    a->probe_until != b->probe_until;
}

/* One change of the state under the lock; the change is what op is. */
struct change {
	int			 admit;		/* else report */
	enum budget_attempt	 attempt;
	struct budget_grant	*grant;
	enum budget_result	 result;
	struct budget_ticket	 ticket;	/* report */
};

static int
apply(struct file_store *fs, const struct change *c)
{
	struct budget_state	st, was;
	uint64_t		now = now_ns(CLOCK_REALTIME);
	int			fresh, r = 0;

	if (lock_budget(fs) == -1)
		return -1;
	read_state(fs, &st, now, &fresh);
	was = st;
	if (c->admit)
		budget_admit(&fs->base.params, &st, now, c->attempt, c->grant);
	else
		budget_report(&fs->base.params, &st, now, c->result,
		    &c->ticket);
	/*
	 * A full bucket refilled is the same bucket whatever its time: not
	 * written, so a run whose first attempt succeeds costs two reads.
	 */
	if (!fresh && st.tokens >= fs->base.params.burst &&
	    was.tokens >= fs->base.params.burst)
		was.at = st.at;
	/*
	 * A retry told to wait changed nothing but the refill, which any
	 * later reader computes the same: not written, so that waiters
	 * hold the lock for a read only. Unless a clock set back moved a
	 * time (budget.c's clamp): that must stay, or the circuit would be
	 * open for a DURATION from every reader's now.
	 */
	if (c->admit && c->grant->answer != BUDGET_GO && was.at <= now &&
	    was.open_until == st.open_until &&
	    was.probe_until == st.probe_until)
		was = st;
	if (fresh || changed(&st, &was))
		r = write_state(fs, &st);
	set_lock(fs->lockfd, F_UNLCK);
	return r;
}

static int
file_admit(struct store *s, enum budget_attempt attempt,
    struct budget_grant *g)
{
	struct change	c = { .admit = 1, .attempt = attempt,
	    .grant = g, .result = BUDGET_NEUTRAL };

	return apply((struct file_store *)s, &c);
}

static int
file_report(struct store *s, enum budget_result r,
    const struct budget_ticket *t)
{
	struct change	c = { .result = r, .ticket = *t };

	return apply((struct file_store *)s, &c);
}

/* The state as it is; nothing is created or locked (a dry run). */
static int
file_read(struct store *s, struct budget_state *st, uint64_t *now,
    int *fresh)
{
	*now = now_ns(CLOCK_REALTIME);
	return read_state((struct file_store *)s, st, *now, fresh);
}

static void
file_close(struct store *s)
{
	struct file_store	*fs = (struct file_store *)s;

	if (fs->lockfd != -1)
		close(fs->lockfd);
	if (fs->dirfd != -1)
		close(fs->dirfd);
	free(fs->dir);
	free(fs);
}

static const struct store_ops file_ops = {
	file_admit, file_report, file_read, file_close,
};

/*
 * Open budget name in DIR; create: make DIR if it is missing. NULL with
 * one line in err when DIR is refused.
 */
struct store *
store_file_open(const char *dir, const char *name,
    const struct budget_params *p, enum store_create create, char *err,
    size_t errlen)
{
	struct file_store	*fs;
	size_t			 n;

	if ((fs = calloc(1, sizeof *fs)) == NULL) {
		snprintf(err, errlen, "%s", strerror(errno));
		return NULL;
	}
	fs->base.ops = &file_ops;
	fs->lockfd = -1;
	fs->base.params = *p;
	snprintf(fs->base.name, sizeof fs->base.name, "%s", name);
	snprintf(fs->lock, sizeof fs->lock, "%s.lock", name);
	snprintf(fs->state, sizeof fs->state, "%s.budget", name);
	snprintf(fs->tmp, sizeof fs->tmp, "%s.tmp", name);
	/*
	 * "DIR/" would follow a symlink DIR in spite of O_NOFOLLOW: the
	 * slashes at the end go (but for "/", which is refused as root's).
	 */
	if ((fs->dir = strdup(dir)) == NULL) {
		snprintf(err, errlen, "%s", strerror(errno));
		free(fs);
		return NULL;
	}
	for (n = strlen(fs->dir); n > 1 && fs->dir[n - 1] == '/'; n--)
		fs->dir[n - 1] = '\0';
	if (open_dir(fs, create, err, errlen) == -1) {
		free(fs->dir);
		free(fs);
		return NULL;
	}
	return &fs->base;
}
