/* SPDX-License-Identifier: ISC */
/*
 * --metrics=FILE. The Prometheus text exposition format (version 0.0.4):
 * "# HELP" and "# TYPE" lines, then NAME{command="VALUE"} NUMBER; label
 * values escape backslash, double quote and newline. Names follow
 * Prometheus' conventions: a counter ends in _total, a unit is a suffix
 * in its base unit (_seconds), a time is Unix time (_timestamp_seconds,
 * as node_exporter's own textfile examples use).
 *
 * node_exporter's textfile collector reads every *.prom file of its
 * directory at each scrape, so a file must never be seen half written:
 * the new contents go to a sibling (FILE.PID.tmp, which the collector
 * does not read) that is then renamed over FILE. Counters carry over
 * from FILE's previous contents; concurrent runs with the same FILE take
 * turns under a lock on FILE.lock, so that none loses another's count.
 * Anyone who can write FILE's directory, the attempt included, may put
 * anything there: each of the three is opened without waiting, never
 * through a link, and used only as a regular file (fdutil.c).
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "policy/utf8.h"
#include "proc/fdutil.h"
#include "report/metrics.h"

#define STR_(x) #x
#define STR(x) STR_(x)
#define MAGIC "# HELP retry_"		/* how retry's file starts */

enum field {
	F_RUNS,
	F_ATTEMPTS,
	F_GIVE_UPS,
	F_STATUS,
	F_LAST_ATTEMPTS,
	F_DURATION,
	F_END,
	F_SUCCESS,
};

static const struct family {
	const char	*name;
	const char	*type;
	const char	*help;
} families[] = {
	[F_RUNS] = { "retry_runs_total", "counter",
	    "Runs of the command through retry that ended." },
	[F_ATTEMPTS] = { "retry_attempts_total", "counter",
	    "Attempts started, the first of each run included." },
	[F_GIVE_UPS] = { "retry_give_ups_total", "counter",
	    "Runs that ended without a success." },
	[F_STATUS] = { "retry_last_run_status", "gauge",
	    "The exit status of the last run." },
	[F_LAST_ATTEMPTS] = { "retry_last_run_attempts", "gauge",
	    "Attempts the last run started." },
	[F_DURATION] = { "retry_last_run_duration_seconds", "gauge",
	    "How long the last run took." },
	[F_END] = { "retry_last_run_timestamp_seconds", "gauge",
	    "When the last run ended, in seconds since 1970 (Unix time)." },
	[F_SUCCESS] = { "retry_last_success_timestamp_seconds", "gauge",
	    "When a run last succeeded, in seconds since 1970 (Unix time)." },
};
#define NFAMILIES (sizeof families / sizeof families[0])

/* A byte that may not stand in a label: a control character. */
static int
control_byte(unsigned char c)
{
	return c < 0x20 || c == 0x7f;
}

/* --metrics-label: 1 to 256 bytes of UTF-8, no control characters. */
int
metrics_label_valid(const char *s)
{
	const unsigned char	*p = (const unsigned char *)s;
	size_t			 n;

	if (*p == '\0' || strlen(s) > METRICS_LABEL_MAX)
		return 0;
	for (; *p != '\0'; p += n)
		if (control_byte(*p) || (n = utf8_len(p)) == 0)
			return 0;
	return 1;
}

/*
 * The command's name as a label: a byte that is not UTF-8 or is a control
 * character becomes '?', and the name is cut to fit (never inside a
 * character). out holds len > 1 bytes.
 */
void
metrics_label_clean(const char *in, char *out, size_t len)
{
	const unsigned char	*p = (const unsigned char *)in;
	size_t			 o = 0, n;

	if (len > METRICS_LABEL_MAX + 1)
		len = METRICS_LABEL_MAX + 1;
	for (; *p != '\0'; p += n) {
		n = control_byte(*p) ? 0 : utf8_len(p);
		if (o + (n == 0 ? 1 : n) >= len)
			break;
		if (n == 0) {
			out[o++] = '?';
			n = 1;
		} else {
			memcpy(out + o, p, n);
			o += n;
		}
	}
	out[o] = '\0';
	if (o == 0)
		snprintf(out, len, "?");
}

/* The series of label, added when new; NULL when the table is full. */
static struct metrics_series *
series_of(struct metrics_table *t, const char *label)
{
	struct metrics_series	*s;
	size_t			 i;

	for (i = 0; i < t->n; i++)
		if (strcmp(t->s[i].label, label) == 0)
			return &t->s[i];
	if (t->n == METRICS_SERIES_MAX)
		return NULL;
	if (t->n == t->cap) {
		/* At the most METRICS_SERIES_MAX: no overflow. */
		s = realloc(t->s, (t->cap == 0 ? 8 : t->cap * 2) * sizeof *s);
		if (s == NULL)
			return NULL;
		t->s = s;
		t->cap = t->cap == 0 ? 8 : t->cap * 2;
	}
	s = &t->s[t->n++];
	memset(s, 0, sizeof *s);
	snprintf(s->label, sizeof s->label, "%s", label);
	return s;
}

/* Read a label's value, after its opening quote; NULL if malformed. */
static const char *
read_value(const char *p, const char *end, char *out)
{
	size_t	o = 0;
	char	c;

	for (; p < end && *p != '"'; p++) {
		c = *p;
		if (c == '\\') {
			if (++p == end)
				return NULL;
			c = *p;
			if (c == 'n')
				c = '\n';
			if (*p != 'n' && *p != '\\' && *p != '"')
				return NULL;
		}
		if (o == METRICS_LABEL_MAX)
			return NULL;
		out[o++] = c;
	}
	out[o] = '\0';
	return p < end ? p + 1 : NULL;
}

/*
 * One sample line, l[0..n): one of retry's names, the one label command,
 * a number. Returns the field, or -1 for a line that is not one.
 */
static int
parse_sample(const char *l, size_t n, char *label, double *v)
{
	const char	*end = l + n, *p;
	char		 num[64], *e;
	size_t		 len, f;

	for (len = 0; len < n && l[len] != '{' && l[len] != ' '; len++)
		;
	for (f = 0; f < NFAMILIES; f++)
		if (strlen(families[f].name) == len &&
		    strncmp(l, families[f].name, len) == 0)
			break;
	p = l + len;
	if (f == NFAMILIES || (size_t)(end - p) < sizeof "{command=\"\"} 0" -
	    1 || strncmp(p, "{command=\"", 10) != 0)
		return -1;
	if ((p = read_value(p + 10, end, label)) == NULL || p == end ||
	    *p++ != '}' || p == end || *p++ != ' ' ||
	    !metrics_label_valid(label))
		return -1;
	for (len = 0; p + len < end && p[len] != ' '; len++)
		;
	if (len == 0 || len >= sizeof num)
		return -1;
	memcpy(num, p, len);
	num[len] = '\0';
	errno = 0;
	*v = strtod(num, &e);
	if (*e != '\0' || errno != 0 || !isfinite(*v) || *v < 0)
		return -1;
	/* Counters: whole numbers that a double holds exactly. */
	if (f <= F_GIVE_UPS && (*v != floor(*v) || *v > 9007199254740992.0))
		return -1;
	return (int)f;
}

/* Put a value read into its series. */
static void
set_field(struct metrics_series *s, int f, double v)
{
	switch (f) {
	case F_RUNS:
		s->runs = (uint64_t)v;
		break;
	case F_ATTEMPTS:
		s->attempts = (uint64_t)v;
		break;
	case F_GIVE_UPS:
		s->give_ups = (uint64_t)v;
		break;
	case F_STATUS:
		s->last_status = v;
		s->have |= METRICS_HAVE_LAST;
		break;
	case F_LAST_ATTEMPTS:
		s->last_attempts = v;
		break;
	case F_DURATION:
		s->last_duration = v;
		break;
	case F_END:
		s->last_end = v;
		break;
	default:
		s->last_success = v;
		s->have |= METRICS_HAVE_SUCCESS;
		break;
	}
}

/*
 * Read a file's contents, buf[0..len) (NUL-terminated at len), into t.
 * Lines that are not retry's samples are skipped. Returns -1 (errno
 * EINVAL) when the text is not retry's metrics, so that it is never
 * replaced, or (ENOMEM) when the memory ran out.
 */
int
metrics_parse(struct metrics_table *t, const char *buf, size_t len)
{
	const char		*l = buf, *end = buf + len, *nl;
	char			 label[METRICS_LABEL_MAX + 1];
	struct metrics_series	*s;
	double			 v;
	int			 f;

	while (l < end && (*l == '\n' || *l == ' '))
		l++;
	if (l < end && ((size_t)(end - l) < sizeof MAGIC - 1 ||
	    strncmp(l, MAGIC, sizeof MAGIC - 1) != 0)) {
		errno = EINVAL;
		return -1;
	}
	for (; l < end; l = nl + 1) {
		if ((nl = memchr(l, '\n', (size_t)(end - l))) == NULL)
			nl = end;
		if (*l == '#' || (f = parse_sample(l, (size_t)(nl - l), label,
		    &v)) == -1)
			continue;
		if ((s = series_of(t, label)) == NULL) {
			if (t->n == METRICS_SERIES_MAX)
				continue;
			errno = ENOMEM;
			return -1;
		}
		set_field(s, f, v);
	}
	return 0;
}

/*
 * Count the run under label; 0, or -1 when the table is full (errno
 * ENOSPC) or the memory ran out.
 */
int
metrics_add(struct metrics_table *t, const char *label,
    const struct metrics_run *r)
{
	struct metrics_series	*s;

	if ((s = series_of(t, label)) == NULL) {
		errno = t->n == METRICS_SERIES_MAX ? ENOSPC : ENOMEM;
		return -1;
	}
	s->runs++;
	s->attempts += r->attempts;
	s->give_ups += !r->succeeded;
	s->last_status = r->status;
	s->last_attempts = (double)r->attempts;
	s->last_duration = (double)r->duration_ns / 1e9;
	s->last_end = r->end;
	s->have |= METRICS_HAVE_LAST;
	if (r->succeeded) {
		s->last_success = r->end;
		s->have |= METRICS_HAVE_SUCCESS;
	}
	return 0;
}

/* Write a label's value, escaped as the format says. */
static void
put_label(FILE *f, const char *s)
{
	for (; *s != '\0'; s++) {
		if (*s == '\\' || *s == '"')
			fprintf(f, "\\%c", *s);
		else if (*s == '\n')
			fputs("\\n", f);
		else
			fputc(*s, f);
	}
}

/* Write field f of s, if s has it. */
static void
put_sample(FILE *f, const struct metrics_series *s, size_t field)
{
	if ((field > F_GIVE_UPS && field != F_SUCCESS &&
	    !(s->have & METRICS_HAVE_LAST)) ||
	    (field == F_SUCCESS && !(s->have & METRICS_HAVE_SUCCESS)))
		return;
	fprintf(f, "%s{command=\"", families[field].name);
	put_label(f, s->label);
	fputs("\"} ", f);
	switch (field) {
	case F_RUNS:
		fprintf(f, "%" PRIu64 "\n", s->runs);
		break;
	case F_ATTEMPTS:
		fprintf(f, "%" PRIu64 "\n", s->attempts);
		break;
	case F_GIVE_UPS:
		fprintf(f, "%" PRIu64 "\n", s->give_ups);
		break;
	case F_STATUS:
		fprintf(f, "%.0f\n", s->last_status);
		break;
	case F_LAST_ATTEMPTS:
		fprintf(f, "%.0f\n", s->last_attempts);
		break;
	case F_DURATION:
		fprintf(f, "%.6f\n", s->last_duration);
		break;
	case F_END:
		fprintf(f, "%.3f\n", s->last_end);
		break;
	default:
		fprintf(f, "%.3f\n", s->last_success);
		break;
	}
}

/* The file's text for t, in *buf (malloc'd) of *len bytes; 0 or -1. */
int
metrics_format(const struct metrics_table *t, char **buf, size_t *len)
{
	FILE	*f;
	size_t	 fam, i;
	int	 bad;

	if ((f = open_memstream(buf, len)) == NULL)
		return -1;
	for (fam = 0; fam < NFAMILIES; fam++) {
		fprintf(f, "# HELP %s %s\n# TYPE %s %s\n", families[fam].name,
		    families[fam].help, families[fam].name,
		    families[fam].type);
		for (i = 0; i < t->n; i++)
			put_sample(f, &t->s[i], fam);
	}
	bad = ferror(f);
	if (fclose(f) != 0 || bad) {
		free(*buf);
		*buf = NULL;
		return -1;
	}
	return 0;
}

void
metrics_free(struct metrics_table *t)
{
	free(t->s);
	memset(t, 0, sizeof *t);
}

/*
 * FILE as it is written: where links led (path), the directory it is in,
 * held open, and the names in it of FILE, its lock and its temporary
 * file. Each of them is opened in that directory by its name, never
 * through a link: once the directory is open, nothing swapped in for
 * one of them, or for the directory, leads elsewhere.
 */
struct target {
	char	 path[PATH_MAX];
	char	 dir[PATH_MAX];
	int	 dirfd;
	char	*name;			/* in path */
	char	 lock[NAME_MAX + 1];
	char	 tmp[NAME_MAX + 1];
};

/*
 * Where path leads through symbolic links, into out[PATH_MAX]: to a file
 * that is there (realpath()). -1 when it leads to none: a link to a file
 * not there is not followed, so that nothing is made through it (a link
 * to /etc/nologin would make that file; issue 38). FILE's own name is
 * then opened, without following, and a link refused.
 */
static int
follow(const char *path, char *out)
{
	return realpath(path, out) != NULL ? 0 : -1;
}

/*
 * Where FILE, given, is written: a link is followed, and its target is
 * what is replaced, and locked. -1 (errno) when a name would be too
 * long, or it names a directory.
 */
static int
resolve(const char *given, struct target *t)
{
	int	n;

	t->dirfd = -1;
	if (follow(given, t->path) == -1)
		snprintf(t->path, sizeof t->path, "%s", given);
	if (strlen(t->path) + 32 >= PATH_MAX) {
		errno = ENAMETOOLONG;
		return -1;
	}
	(void)fd_dir_of(t->path, t->dir);
	t->name = strrchr(t->path, '/') == NULL ? t->path :
	    strrchr(t->path, '/') + 1;
	if (*t->name == '\0' || strcmp(t->name, ".") == 0 ||
	    strcmp(t->name, "..") == 0) {
		errno = EISDIR;
		return -1;
	}
	n = snprintf(t->lock, sizeof t->lock, "%s.lock", t->name);
	if (n < 0 || (size_t)n >= sizeof t->lock || (n = snprintf(t->tmp,
	    sizeof t->tmp, "%s.%ld.tmp", t->name, (long)getpid())) < 0 ||
	    (size_t)n >= sizeof t->tmp) {
		errno = ENAMETOOLONG;
		return -1;
	}
	return 0;
}

/* Open FILE's directory, where everything is made; -1 with errno. */
static int
open_dir(struct target *t)
{
	mode_t	type;

	t->dirfd = fd_open_checked(AT_FDCWD, t->dir, O_RDONLY | O_DIRECTORY,
	    0, FD_DIR, &type);
	return t->dirfd == -1 ? -1 : 0;
}

/*
 * FILE's series, into tab: none when there is no FILE; *mode its
 * permissions (0: none). -1 with errno: EINVAL when it holds something
 * other than retry's metrics, else with *type when it is not a regular
 * file (a link there now is not followed).
 */
static int
read_table(const struct target *t, struct metrics_table *tab, mode_t *mode,
    mode_t *type)
{
	struct stat	 sb;
	char		*buf;
	size_t		 len;
	int		 fd, rc, e;

	*mode = 0;
	fd = fd_open_checked(t->dirfd, t->name, O_RDONLY | O_NOFOLLOW, 0,
	    FD_FILE | FD_BLOCKING, type);
	if (fd == -1)
		return errno == ENOENT ? 0 : -1;
	if (fstat(fd, &sb) == 0)
		*mode = sb.st_mode & 07777;
	rc = fd_read_all(fd, METRICS_FILE_MAX, &buf, &len);
	e = errno;
	close(fd);
	if (rc == -1) {
		errno = e;
		return -1;
	}
	rc = metrics_parse(tab, buf, len);
	free(buf);
	return rc;
}

/*
 * Why FILE cannot be written, for a message: e and type as the step that
 * failed left them, lock: that step was the lock's. In buf, or a
 * constant.
 */
static const char *
reason(const struct target *t, int lock, int e, mode_t type, char *buf,
    size_t len)
{
	if (type != 0) {
		snprintf(buf, len, "%s%s is %s", t->path, lock ? ".lock" : "",
		    fd_why(e, type));
		return buf;
	}
	switch (e) {
	case EINVAL:
		return "the file holds something other than retry's metrics";
	case ENOSPC:
		return "it holds " STR(METRICS_SERIES_MAX) " labels already, "
		    "the most it may";
	case EWOULDBLOCK:
		return lock ? "another run held its lock all along" :
		    strerror(e);
	default:
		return strerror(e);
	}
}

/*
 * Whether FILE's lock, if it is there, is a regular file; -1, with errno
 * and *type, when it is not, and so would be refused at the end.
 */
static int
lock_fits(const struct target *t, mode_t *type)
{
	struct stat	sb;

	if (fstatat(t->dirfd, t->lock, &sb, AT_SYMLINK_NOFOLLOW) == -1 ||
	    S_ISREG(sb.st_mode))
		return 0;
	*type = sb.st_mode & S_IFMT;
	errno = S_ISDIR(sb.st_mode) ? EISDIR : EINVAL;
	return -1;
}

/*
 * Before the run: FILE can be written. Its directory is there and
 * writable; FILE, if there, is a regular file that holds retry's metrics
 * (or nothing): any other file would be replaced, and lost; its lock, if
 * there, is a regular file.
 */
int
metrics_check(const char *given, char *err, size_t errlen)
{
	struct metrics_table	tab = { NULL, 0, 0 };
	struct target		t;
	char			buf[PATH_MAX + 64];
	mode_t			mode, type = 0;
	int			rc, e, lock = 0;

	if (resolve(given, &t) == -1) {
		snprintf(err, errlen, "--metrics=%s: %s", given,
		    strerror(errno));
		return -1;
	}
	if (access(t.dir, W_OK | X_OK) == -1 || open_dir(&t) == -1) {
		snprintf(err, errlen, "--metrics=%s: cannot write in %s: %s",
		    given, t.dir, strerror(errno));
		return -1;
	}
	rc = read_table(&t, &tab, &mode, &type);
	if (rc == 0 && (rc = lock_fits(&t, &type)) == -1)
		lock = 1;
	e = errno;
	metrics_free(&tab);
	close(t.dirfd);
	if (rc == 0)
		return 0;
	snprintf(err, errlen, "--metrics=%s: %s%s", given, reason(&t, lock,
	    e, type, buf, sizeof buf), e == EINVAL && type == 0 ?
	    ", which would be replaced" : "");
	return -1;
}

/* Sleep ns nanoseconds, signals or not. */
static void
pause_ns(uint64_t ns)
{
	struct timespec	ts = { (time_t)(ns / 1000000000),
	    (long)(ns % 1000000000) };

	while (nanosleep(&ts, &ts) == -1 && errno == EINTR)
		;
}

/*
 * Take the lock on FILE.lock, waiting wait_ns at the most, in rests of
 * rest() (NULL: nanosleep): the fd that holds it (closing it lets go),
 * or -1 (EWOULDBLOCK: held all along; else with *type, what is there
 * instead of a regular file). Opened read-only, which flock() needs no
 * more than: users who share FILE share the lock file too. Made in
 * FILE's directory, never through a link, and never waited on: a FIFO
 * there would hold the open for ever (issue 38).
 */
static int
take_lock(const struct target *t, uint64_t wait_ns, metrics_rest rest,
    mode_t *type)
{
	uint64_t	waited = 0, step = 1000000;
	int		fd;

	fd = fd_open_checked(t->dirfd, t->lock, O_RDONLY | O_CREAT |
	    O_NOFOLLOW, 0666, FD_FILE, type);
	if (fd == -1)
		return -1;
	while (flock(fd, LOCK_EX | LOCK_NB) == -1) {
		if ((errno != EWOULDBLOCK && errno != EINTR) ||
		    waited >= wait_ns || (rest != NULL ? rest(step) == -1 :
		    (pause_ns(step), 0))) {
			close(fd);
			errno = EWOULDBLOCK;
			return -1;
		}
		waited += step;
		step = step < 64000000 ? step * 2 : step;
	}
	return fd;
}

/*
 * Write buf[0..len) to FILE through its temporary file, renamed over it;
 * mode. O_EXCL opens nothing that is there, and makes no file through a
 * link: what a run that died with our pid left is removed first.
 */
static int
replace_file(const struct target *t, const char *buf, size_t len,
    mode_t mode)
{
	size_t	done = 0;
	ssize_t	n;
	int	fd, e;

	(void)unlinkat(t->dirfd, t->tmp, 0);
	fd = openat(t->dirfd, t->tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC |
	    O_NOFOLLOW, 0666);
	if (fd == -1)
		return -1;
	if (mode != 0)
		(void)fchmod(fd, mode);
	while (done < len) {
		if ((n = write(fd, buf + done, len - done)) == -1) {
			if (errno == EINTR)
				continue;
			break;
		}
		done += (size_t)n;
	}
	e = done < len || fsync(fd) == -1 ? errno : 0;
	if (close(fd) == -1 && e == 0)
		e = errno;
	if (e == 0 && renameat(t->dirfd, t->tmp, t->dirfd, t->name) == -1)
		e = errno;
	if (e == 0)
		return 0;
	(void)unlinkat(t->dirfd, t->tmp, 0);
	errno = e;
	return -1;
}

/* Under the lock: read FILE, count the run, replace FILE. */
static int
update(const struct target *t, const char *label,
    const struct metrics_run *r, mode_t *type)
{
	struct metrics_table	 tab = { NULL, 0, 0 };
	char			*text = NULL;
	size_t			 len = 0;
	mode_t			 mode;
	int			 rc = -1;

	if (read_table(t, &tab, &mode, type) == 0 &&
	    metrics_add(&tab, label, r) == 0 &&
	    metrics_format(&tab, &text, &len) == 0)
		rc = replace_file(t, text, len, mode);
	free(text);
	metrics_free(&tab);
	return rc;
}

/*
 * At the end of a run: count it in FILE under label (cleaned: see
 * metrics_label_clean()). 0, or -1 with what went wrong in err: FILE is
 * then as it was. FILE is read before its lock is taken, and again
 * under it: a lock is made only beside a FILE that is retry's, or none
 * yet, never beside a file that is refused, as the target of a link
 * that an attempt put in FILE's place (issue 38).
 */
int
metrics_write(const char *given, const char *label,
    const struct metrics_run *r, uint64_t wait_ns, metrics_rest rest,
    char *err, size_t errlen)
{
	struct metrics_table	tab = { NULL, 0, 0 };
	struct target		t;
	char			clean[METRICS_LABEL_MAX + 1], buf[PATH_MAX + 64];
	mode_t			mode, type = 0;
	int			lock = -1, rc = -1, e, locking = 0;

	if (resolve(given, &t) == 0 && open_dir(&t) == 0 &&
	    read_table(&t, &tab, &mode, &type) == 0) {
		metrics_free(&tab);
		locking = 1;
		if ((lock = take_lock(&t, wait_ns, rest, &type)) != -1) {
			locking = 0;
			metrics_label_clean(label, clean, sizeof clean);
			rc = update(&t, clean, r, &type);
		}
	}
	e = errno;
	metrics_free(&tab);
	if (lock != -1)
		close(lock);
	if (t.dirfd != -1)
		close(t.dirfd);
	if (rc == -1)
		snprintf(err, errlen, "cannot write the metrics to %s: %s",
		    given, reason(&t, locking, e, type, buf, sizeof buf));
	return rc;
}
