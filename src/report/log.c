/* SPDX-License-Identifier: ISC */
/*
 * Messages. Each is built in a buffer and handed whole to the stderr sink,
 * so lines from retry and from the attempt never interleave mid-line, and
 * a reader of stderr that stalls never holds retry (the line waits in the
 * sink, or is dropped past its bound). Text lines start with "retry: ";
 * with --log-format=json each line is one JSON object, valid UTF-8. Text
 * from outside goes into a line as it came, and every line is made
 * visible on its way out (seal()): one place, that no message can miss.
 */
#include "config.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "report/ci.h"
#include "policy/calendar.h"
#include "policy/duration.h"
#include "policy/escape.h"
#include "policy/large.h"
#include "report/live.h"
#include "report/log.h"
#include "policy/signame.h"
#include "proc/sink.h"
#include "policy/utf8.h"

#define LINE_MAX_LEN 4096
#define LABEL_SHOWN 512		/* bytes of a name, shown (escaped) */

static int		 verbosity;
static enum log_format	 format = LOG_TEXT;
static const char	*label = "retry";
static char		 label_buf[512];	/* a label cut from the command */
static char		 given_label[512];	/* -m's, cut to be shown */
static const char	*command_name = "retry"; /* the command's, not -m's */

/* The words retry was given after its name, for the one-word hint. */
static char *const	*given;		/* options, then the command */
static int		 ngiven;	/* of which retry's options */

/* The run, for the JSON fields every event has and for its summary. */
static char		 run_id[33];	/* RETRY_RUN_ID; "" before the run */
static uint64_t		 run_start;	/* monotonic, as the loop's clock */
static uint64_t		 run_started;	/* attempts started: log_start */

/* CI log markers (ci.c): which CI's log stderr is, and folds. */
static enum ci_kind	 ci = CI_NONE;
static int		 ci_folds;	/* each attempt under a fold */
static char		 fold_name[64];	/* the open fold's; "": none */
static char		 ci_after[512] LARGE_ZEROED; /* why the next attempt starts */
/*
 * A marker line's buffer, taken from the heap in CI only: in the binary's
 * zeroed data, its 12 KiB would push the variables every run touches onto
 * pages of their own, each a page fault at start-up (issue 28).
 */
#define CI_BUF_SIZE	CI_LINE_MAX(LINE_MAX_LEN)
static char		*ci_buf;

/* What a child started last writes itself (LOG_CHILD_*), unseen. */
static unsigned		 child_wrote;
static int		 out_is_err = -1; /* stdout is stderr; -1: not asked */

struct line {
	char	buf[LINE_MAX_LEN];
	size_t	len;
};

/* The next blank-separated word of *s, and its length: 0 at the end. */
static size_t
next_word(const char **s, const char **word)
{
	*word = *s + strspn(*s, " \t");
	*s = *word + strcspn(*word, " \t");
	return (size_t)(*s - *word);
}

/* A character of a shell variable's name: a letter, '_', or a digit. */
static int
name_char(char c, int first)
{
	return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_' ||
	    (!first && c >= '0' && c <= '9');
}

/* A word NAME=VALUE: for a shell, a variable set for the command. */
static int
assignment(const char *w, size_t len)
{
	size_t	i;

	if (len == 0 || !name_char(w[0], 1))
		return 0;
	for (i = 1; i < len && name_char(w[i], 0); i++)
		;
	return i < len && w[i] == '=';
}

/*
 * len bytes of s into dst, of size bytes, cut to fit, with a NUL. Not
 * snprintf: on the way of every run, stdio's formatting is pages of libc
 * faulted in (issue 28).
 */
static void
copy_cut(char *dst, size_t size, const char *s, size_t len)
{
	if (len >= size)
		len = size - 1;
	memcpy(dst, s, len);
	dst[len] = '\0';
}

/*
 * How much of s (len bytes) a message shows as a name: what takes at most
 * LABEL_SHOWN bytes once made visible (escape.c; a control byte takes
 * four), so that a name of control bytes cannot push what the message
 * says of it past the end of the line.
 */
static size_t
shown_len(const char *s, size_t len)
{
	char	tmp[LINE_MAX_LEN];

	if (len >= LINE_MAX_LEN)
		len = LINE_MAX_LEN - 1;
	while (len > 0 && escape_text(s, len, ESCAPE_LINE, tmp,
	    sizeof tmp) > LABEL_SHOWN)
		len = len > 64 ? len - len / 8 : len - 1;
	return len;
}

/*
 * A command line given as one word ("curl -fsS URL"), by its shape: a
 * blank, and no '/' before the first blank ("/opt/My Tools/x" is a path),
 * unless the first word is NAME=VALUE ("LC_ALL=C /usr/bin/sort -u").
 */
static int
one_word_line(const char *cmd)
{
	size_t	first = 0;

	/* Not strcspn(): on every run's way, its pages of libc cost faults. */
	while (cmd[first] != '\0' && cmd[first] != ' ' && cmd[first] != '\t')
		first++;

	return cmd[first] != '\0' && (memchr(cmd, '/', first) == NULL ||
	    assignment(cmd, first));
}

/*
 * The command's name in messages: the last part of its path. For a
 * command line given as one word, that of its first word past any
 * NAME=VALUE: "curl", not "x", for "curl -fsS http://h/x". Not when the
 * name is a path to a file ("My Tools/x" runs as it is), which only a
 * look can tell: a '/' may as well be a URL's.
 */
static const char *
command_label(const char *cmd)
{
	const char	*s = cmd, *name = cmd, *slash;
	size_t		 len = strlen(cmd);

	if (one_word_line(cmd) &&
	    (strchr(cmd, '/') == NULL || access(cmd, F_OK) == -1)) {
		while ((len = next_word(&s, &name)) != 0 &&
		    assignment(name, len))
			;
		if (len == 0) {		/* NAME=VALUE only */
			name = cmd;
			len = strlen(cmd);
		}
	}
	for (slash = name + len; slash > name && slash[-1] != '/'; slash--)
		;
	if (slash < name + len) {	/* "dir/" stays whole */
		len -= (size_t)(slash - name);
		name = slash;
	}
	copy_cut(label_buf, sizeof label_buf, name, shown_len(name, len));
	return label_buf;
}

/*
 * How messages are shown, and what they name: the label (-m), or else the
 * command's name. args are the words after retry's name: its nopts
 * options, then the command, if any.
 */
void
log_init(int v, enum log_format f, const char *l, char *const *args,
    int nopts)
{
	verbosity = v;
	format = f;
	given = args;
	ngiven = nopts;
	if (args[nopts] != NULL)
		command_name = command_label(args[nopts]);
	if (l != NULL) {
		copy_cut(given_label, sizeof given_label, l,
		    shown_len(l, strlen(l)));
		label = given_label;
	} else
		label = command_name;
	live_init(f == LOG_TEXT && v >= 0);
}

/*
 * The run that the messages speak of: its id (the attempts' RETRY_RUN_ID)
 * and when it started, on the monotonic clock that elapsed times use.
 */
void
log_run(const char *id, uint64_t start)
{
	copy_cut(run_id, sizeof run_id, id, strlen(id));
	run_start = start;
}

/*
 * A wall-clock time as RFC 3339 UTC with milliseconds (cut, not rounded,
 * so never ".1000"): "2026-11-25T16:47:08.123Z". Done by hand
 * (calendar.c): no locale, no time zone file, the same on every libc.
 */
void
log_time_format(int64_t sec, long nsec, char *buf, size_t len)
{
	struct calendar_tm	tm;

	calendar_split(sec, &tm);
	snprintf(buf, len, "%04lld-%02d-%02dT%02d:%02d:%02d.%03ldZ",
	    (long long)tm.year, tm.mon, tm.day, tm.hour, tm.min, tm.sec,
	    nsec / 1000000);
}

static void
addf(struct line *ln, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Append to a line, cutting what does not fit. */
static void
addf(struct line *ln, const char *fmt, ...)
{
	va_list	ap;
	int	n;

	if (ln->len >= sizeof ln->buf - 1)
		return;
	va_start(ap, fmt);
	n = vsnprintf(ln->buf + ln->len, sizeof ln->buf - ln->len, fmt, ap);
	va_end(ap);
	if (n > 0)
		ln->len += (size_t)n;
	if (ln->len > sizeof ln->buf - 2)
		ln->len = sizeof ln->buf - 2;
}


/* Bytes of a string that go into a JSON line, at the most. */
#define JSON_STRING_MAX 512

/*
 * Append s as a JSON string, escaped: always valid UTF-8, so a byte that
 * is not part of a well-formed sequence is written as \u00XX (its value
 * read as Latin-1). The characters that a text line makes visible
 * (escape.c) are \uXXXX here, and "##[" is "#\u0023[": the same string
 * to a JSON reader, and a line that seal() leaves as it is. A long
 * string is cut at a character's end, so that the line stays whole JSON.
 */
static void
add_json_string(struct line *ln, const char *str)
{
	const unsigned char	*s = (const unsigned char *)str;
	size_t			 len, used = 0;

	addf(ln, "\"");
	for (; *s != '\0'; s += len) {
		len = utf8_len(s);
		if ((used += len != 0 ? len : 1) > JSON_STRING_MAX)
			break;
		if (len == 0) {
			addf(ln, "\\u%04x", *s);
			len = 1;
		} else if (*s == '"' || *s == '\\')
			addf(ln, "\\%c", *s);
		else if (escape_special(s, len))
			addf(ln, "\\u%04lx", (unsigned long)utf8_code(s, len));
		else if (s[0] == '#' && s[1] == '#' && s[2] == '[') {
			addf(ln, "#\\u0023");
			len = 2;
			used++;
		} else
			addf(ln, "%.*s", (int)len, (const char *)s);
	}
	addf(ln, "\"");
}

/*
 * The line as it goes out, into out (outlen bytes, cut to fit). Every
 * message passes here, so that none can forget what the text it took
 * from outside may hold (the command's name and words, -m, a hook, a
 * path, a server's words): a newline, a CR, a "##[", made visible
 * (escape.c), can neither split the line nor start one that retry does
 * not mean, such as a CI runner's workflow command. retry's own words
 * hold none of them, and a JSON line's strings are escaped as JSON
 * already: those pass as they are.
 */
static size_t
seal(const struct line *ln, char *out, size_t outlen)
{
	return escape_text(ln->buf, ln->len, ESCAPE_LINE, out, outlen);
}

/*
 * Hand the line, with its newline, to the stderr sink whole; a line that
 * counts down on the terminal ends first.
 */
static void
emit(const struct line *ln)
{
	char	out[LINE_MAX_LEN];
	size_t	n = seal(ln, out, sizeof out - 1);

	live_end();
	out[n++] = '\n';
	sink_message(out, n);
	live_fresh(1);
	child_wrote = 0;
}

/*
 * A child (an attempt, a hook) is about to start, and writes to the
 * streams given (LOG_CHILD_*) itself: what it leaves there, a line
 * without its newline too, retry cannot see.
 */
void
log_child_writes(unsigned streams)
{
	live_fresh(0);		/* it may write a part of a line */
	child_wrote = streams;
}

/* Whether stdout and stderr are one file (2>&1): asked once, in CI. */
static int
stdout_is_stderr(void)
{
	struct stat	out, err;

	if (out_is_err == -1)
		out_is_err = fstat(STDOUT_FILENO, &out) == 0 &&
		    fstat(STDERR_FILENO, &err) == 0 &&
		    out.st_dev == err.st_dev && out.st_ino == err.st_ino;
	return out_is_err;
}

/* Whether a child may have left stderr inside a line retry did not see. */
static int
child_line_open(void)
{
	return (child_wrote & LOG_CHILD_STDERR) != 0 ||
	    ((child_wrote & LOG_CHILD_STDOUT) != 0 && stdout_is_stderr());
}

/*
 * Write a CI marker line on a line of its own: the runners read one only
 * at the start of a line. After what went out through retry (its
 * messages, held output) retry knows whether a line was left open; what
 * a child wrote itself it cannot know, so a marker after it starts on a
 * new line: a fold is always closed so (after: the attempt is over),
 * where the blank line it may leave is inside the fold, folded away; an
 * annotation without folds (a nested retry) costs a blank line too,
 * which is better than a warning the runner never sees.
 */
static void
ci_write(const char *buf, size_t n, int after)
{
	live_end();
	if (after || child_line_open() || sink_mid_line(STDERR_FILENO))
		sink_message("\n", 1);
	sink_message(buf, n);
	live_fresh(1);
	child_wrote = 0;
}

/*
 * A line that CI's log shows as a warning (a retry) or an error (a
 * give-up): in text, with the same words as the plain line.
 */
static void
emit_as(const struct line *ln, enum ci_level level)
{
	char	out[LINE_MAX_LEN];
	size_t	n;

	if (ci == CI_NONE || format != LOG_TEXT) {
		emit(ln);
		return;
	}
	n = seal(ln, out, sizeof out);
	n = ci_annotation(ci, level, out, n, ci_buf, CI_BUF_SIZE);
	ci_write(ci_buf, n, 0);
}

/* The command's name, as messages name it when -m does not. */
const char *
log_command_name(void)
{
	return command_name;
}

/* A usage error: what was wrong, and where to read more. Never quiet. */
void
log_usage_error(const char *msg)
{
	struct line	ln;

	ln.len = 0;
	addf(&ln, "retry: %s", msg);
	emit(&ln);
	ln.len = 0;
	addf(&ln, "Try 'retry --help' for more information.");
	emit(&ln);
}

/* An error of retry's own. Never quiet. */
void
log_error(const char *fmt, ...)
{
	struct line	ln;
	va_list		ap;
	int		n;

	ln.len = 0;
	addf(&ln, "retry: ");
	va_start(ap, fmt);
	n = vsnprintf(ln.buf + ln.len, sizeof ln.buf - ln.len - 1, fmt, ap);
	va_end(ap);
	if (n > 0)
		ln.len += (size_t)n < sizeof ln.buf - ln.len - 2 ?
		    (size_t)n : sizeof ln.buf - ln.len - 2;
	emit(&ln);
}

/* "exit status 7", "signal 9 (KILL)", "timed out (TERM)". */
static void
add_outcome_text(struct line *ln, const struct outcome *o, int status,
    const char *why)
{
	char		 buf[SIGNAME_MAX], idle[48];
	const char	*name = signame_name(o->signo, buf, sizeof buf);

	switch (o->kind) {
	case OUTCOME_SIGNALED:
		addf(ln, "killed by signal %d", o->signo);
		if (name != NULL)
			addf(ln, " (SIG%s)", name);
		break;
	case OUTCOME_TIMEDOUT:
		addf(ln, "timed out");
		if (o->idle_ns != 0)
			addf(ln, ": no output for %s", duration_format(
			    o->idle_ns, idle, sizeof idle));
		break;
	case OUTCOME_EXEC_FAILED:
		addf(ln, "%s", strerror(o->exec_errno));
		break;
	case OUTCOME_EXITED:
	default:
		addf(ln, "exit status %d", status);
		break;
	}
	if (why != NULL)
		addf(ln, ", %s", why);
}

/* An ended attempt: its outcome, with the HTTP status read, if any. */
static void
add_attempt_outcome(struct line *ln, const struct log_attempt *a)
{
	add_outcome_text(ln, a->outcome, a->status, NULL);
	if (a->http_status != 0)
		addf(ln, ", HTTP %d", a->http_status);
	if (a->why != NULL)
		addf(ln, ", %s", a->why);
}

/* "attempt 2/5", or "attempt 2" when there is no limit. */
static void
add_attempt_text(struct line *ln, const struct log_attempt *a)
{
	addf(ln, "retry: %s: attempt %llu", label,
	    (unsigned long long)a->attempt);
	if (a->max_attempts != 0)
		addf(ln, "/%llu", (unsigned long long)a->max_attempts);
}

/*
 * Markers for the CI whose log stderr is, unless auto_on is 0 (--ci=off)
 * or the format is JSON; folds: each attempt's output under a fold of its
 * own, unless quiet.
 */
void
log_ci(int auto_on, int folds)
{
	ci = format != LOG_TEXT ? CI_NONE : ci_detect(auto_on,
	    getenv("GITHUB_ACTIONS"), getenv("GITLAB_CI"), 1);
	/* What stderr is costs two system calls: only asked in CI. */
	if (ci != CI_NONE && !ci_stream_is_log(STDERR_FILENO))
		ci = CI_NONE;
	/* Without the buffer, the log is plain: nothing is lost. */
	if (ci != CI_NONE && ci_buf == NULL &&
	    (ci_buf = malloc(CI_BUF_SIZE)) == NULL)
		ci = CI_NONE;
	ci_folds = ci != CI_NONE && folds && verbosity >= 0;
}

/* The time as CI's log wants it: seconds since 1970. */
static long long
unix_now(void)
{
	struct timespec	ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	return (long long)ts.tv_sec;
}

/*
 * Open a fold for the attempt about to start, headed with its number and
 * why it starts. GitLab's section name is made of the run's id (hex) and
 * the attempt's number, so that runs in one job never share one.
 */
void
log_fold_begin(const struct log_attempt *a)
{
	struct line	ln;
	char		title[LINE_MAX_LEN];
	size_t		n;

	ln.len = 0;
	if (!ci_folds)
		return;
	log_fold_end();
	add_attempt_text(&ln, a);
	if (ci_after[0] != '\0')
		addf(&ln, ", after %s", ci_after);
	snprintf(fold_name, sizeof fold_name, "retry_%.8s_%llu",
	    run_id[0] != '\0' ? run_id : "run", (unsigned long long)a->attempt);
	n = seal(&ln, title, sizeof title);
	n = ci_fold_open(ci, fold_name, unix_now(), title, n, ci_buf,
	    CI_BUF_SIZE);
	ci_write(ci_buf, n, 0);
}

/* Close the open fold, if any: the attempt ended, its output is out. */
void
log_fold_end(void)
{
	size_t	n;

	if (fold_name[0] == '\0')
		return;
	n = ci_fold_close(ci, fold_name, unix_now(), ci_buf, CI_BUF_SIZE);
	ci_write(ci_buf, n, 1);
	fold_name[0] = '\0';
}


/*
 * Open a JSON object with what every event has: its name, the wall-clock
 * time, the run's id, the command.
 */
static void
add_json_open(struct line *ln, const char *event)
{
	struct timespec	ts;
	char		t[40];

	clock_gettime(CLOCK_REALTIME, &ts);
	log_time_format((int64_t)ts.tv_sec, ts.tv_nsec, t, sizeof t);
	addf(ln, "{\"event\":\"%s\",\"time\":\"%s\"", event, t);
	if (run_id[0] != '\0')
		addf(ln, ",\"run_id\":\"%s\"", run_id);
	addf(ln, ",\"command\":");
	add_json_string(ln, label);
}

/*
 * The run's summary, in the event that ends it: attempts started, the
 * time since retry started, and how it ended ("succeeded", "gave_up",
 * "exec_failed", "interrupted").
 */
static void
add_json_summary(struct line *ln, uint64_t made, uint64_t total_ns,
    const char *outcome)
{
	addf(ln, ",\"attempts_made\":%llu,\"total_s\":%.6f,"
	    "\"outcome\":\"%s\"", (unsigned long long)made,
	    duration_seconds(total_ns), outcome);
}

/* The header the server's wait came from: Retry-After or a rate limit's. */
static const char *
wait_header(const struct log_attempt *a)
{
	return a->retry_after_from != NULL && *a->retry_after_from != '\0' ?
	    a->retry_after_from : "Retry-After";
}

/* Did the wait come from a Retry-After, as it did before rate limits? */
static int
is_retry_after(const struct log_attempt *a)
{
	return strcmp(wait_header(a), "Retry-After") == 0;
}

/* The command's word, as JSON names it. */
static const char *
pushback_name(enum pushback_word w)
{
	switch (w) {
	case PUSHBACK_NONE:
		return "none";
	case PUSHBACK_STOP:
		return "stop";
	case PUSHBACK_RETRY:
		return "retry";
	case PUSHBACK_DELAY:
		return "delay";
	}
	return "none";
}

/* Attempts started in all, as of the run's end. */
static uint64_t
made_of(const struct log_attempt *a)
{
	return a->made != 0 ? a->made : a->attempt;
}

/* Start a JSON object with the fields every event has. */
static void
add_json_head(struct line *ln, const char *event, const struct log_attempt *a)
{
	add_json_open(ln, event);
	addf(ln, ",\"attempt\":%llu,\"max_attempts\":%llu",
	    (unsigned long long)a->attempt,
	    (unsigned long long)a->max_attempts);
	if (a->outcome != NULL) {
		addf(ln, ",\"status\":%d", a->status);
		if (a->outcome->kind == OUTCOME_SIGNALED)
			addf(ln, ",\"signal\":%d", a->outcome->signo);
		if (a->outcome->kind == OUTCOME_TIMEDOUT)
			addf(ln, ",\"timed_out\":true");
		if (a->outcome->idle_ns != 0)
			addf(ln, ",\"idle\":true,\"idle_s\":%.3f",
			    duration_seconds(a->outcome->idle_ns));
		if (a->why != NULL) {
			addf(ln, ",\"why\":");
			add_json_string(ln, a->why);
		}
		if (a->http_status != 0)
			addf(ln, ",\"http_status\":%d", a->http_status);
		if (a->retry_after_ns != 0)
			addf(ln, ",\"retry_after_s\":%.0f,"
			    "\"retry_after_from\":\"%s\"",
			    duration_seconds(a->retry_after_ns),
			    wait_header(a));
		if (a->pushed != PUSHBACK_NONE)
			addf(ln, ",\"pushback\":\"%s\"",
			    pushback_name(a->pushed));
		if (a->push_delay_ns != 0)
			addf(ln, ",\"pushback_delay_s\":%.6f",
			    duration_seconds(a->push_delay_ns));
	}
	addf(ln, ",\"elapsed_s\":%.6f", duration_seconds(a->elapsed_ns));
	if (a->budget != NULL) {
		addf(ln, ",\"budget\":");
		add_json_string(ln, a->budget);
		addf(ln, ",\"tokens\":%.3f,\"circuit\":\"%s\"", a->tokens,
		    budget_circuit_name(a->circuit));
	}
}

/* Whole seconds, rounded up: "open for 30s more". */
static unsigned long long
ceil_seconds(uint64_t ns)
{
	return (unsigned long long)(ns / 1000000000ULL +
	    (ns % 1000000000ULL != 0));
}

/* A detail for -v. */
void
log_detail(const char *msg)
{
	if (verbosity >= 1)
		log_notice(msg);
}

/* A notice about how retry takes an option here (not with -q). */
void
log_notice(const char *msg)
{
	struct line	ln;

	ln.len = 0;
	if (verbosity < 0)
		return;
	if (format == LOG_JSON) {
		add_json_open(&ln, "notice");
		addf(&ln, ",\"message\":");
		add_json_string(&ln, msg);
		addf(&ln, "}");
	} else
		addf(&ln, "retry: %s", msg);
	emit(&ln);
}

/*
 * The nested-retry warning: attempts multiply, layers deep, up to runs
 * runs of the command (0: no limit).
 */
void
log_nested(uint64_t layers, uint64_t runs)
{
	struct line	ln;

	ln.len = 0;
	if (verbosity < 0)
		return;
	if (format == LOG_JSON) {
		add_json_open(&ln, "nested");
		addf(&ln, ",\"layers\":%llu,\"max_runs\":%llu,\"message\":"
		    "\"running inside another retry's attempt: retries "
		    "multiply\"}", (unsigned long long)layers,
		    (unsigned long long)runs);
	} else {
		addf(&ln, "retry: warning: running inside another retry's "
		    "attempt: retries multiply (%llu layers: ",
		    (unsigned long long)layers);
		if (runs != 0)
			addf(&ln, "up to %llu runs of %s)",
			    (unsigned long long)runs, label);
		else
			addf(&ln, "no limit on the runs of %s)", label);
	}
	emit(&ln);
}

void
log_start(const struct log_attempt *a)
{
	struct line		ln;
	struct log_attempt	start;

	ln.len = 0;
	run_started = a->attempt;	/* for a summary, at any verbosity */
	if (verbosity < 1)
		return;
	if (format == LOG_JSON) {
		start = *a;
		start.outcome = NULL;	/* not ended yet: no status */
		add_json_head(&ln, "start", &start);
		addf(&ln, "}");
	} else {
		add_attempt_text(&ln, a);
		addf(&ln, " starting after %.3fs", duration_seconds(a->elapsed_ns));
	}
	emit(&ln);
}

void
log_retry(const struct log_attempt *a, uint64_t delay)
{
	struct line	ln;
	char		d[32];

	ln.len = 0;
	if (ci_folds) {
		addf(&ln, "attempt %llu failed (", (unsigned long long)a->attempt);
		add_attempt_outcome(&ln, a);
		addf(&ln, ")");
		snprintf(ci_after, sizeof ci_after, "%.*s", (int)ln.len, ln.buf);
		ln.len = 0;
	}
	if (verbosity < 0)
		return;
	if (format == LOG_JSON) {
		add_json_head(&ln, "retry", a);
		addf(&ln, ",\"delay_s\":%.6f}", duration_seconds(delay));
	} else {
		add_attempt_text(&ln, a);
		addf(&ln, " failed (");
		add_attempt_outcome(&ln, a);
		addf(&ln, "); retrying in %s",
		    duration_format(delay, d, sizeof d));
		if (a->retry_after_ns != 0 && is_retry_after(a))
			addf(&ln, " (the server asked for %s)",
			    duration_format(a->retry_after_ns, d, sizeof d));
		else if (a->retry_after_ns != 0)
			addf(&ln, " (the server asked for %s in %s)",
			    duration_format(a->retry_after_ns, d, sizeof d),
			    wait_header(a));
		if (a->pushed == PUSHBACK_RETRY)
			addf(&ln, " (the command asked to retry)");
		else if (a->pushed == PUSHBACK_DELAY)
			addf(&ln, " (the command asked for %s)",
			    duration_format(a->push_delay_ns, d, sizeof d));
	}
	emit_as(&ln, CI_WARNING);
}

/*
 * --hedge: a copy starts because the newest (attempt newest) has run ran
 * ns. In JSON by default (a reader of the log learns where the requests
 * went); as text with -v.
 */
void
log_hedge(const struct log_attempt *a, uint64_t newest, uint64_t ran)
{
	struct line		ln;
	struct log_attempt	start = *a;
	char			d[32];

	ln.len = 0;
	if (verbosity < 0 || (verbosity < 1 && format == LOG_TEXT))
		return;
	if (format == LOG_JSON) {
		start.outcome = NULL;
		add_json_head(&ln, "hedge", &start);
		addf(&ln, ",\"newest\":%llu,\"after_s\":%.6f}",
		    (unsigned long long)newest, duration_seconds(ran));
	} else {
		add_attempt_text(&ln, a);
		addf(&ln, " starting as a hedge: attempt %llu still running "
		    "after %s", (unsigned long long)newest,
		    duration_format(ran, d, sizeof d));
	}
	emit(&ln);
}

/*
 * --hedge: a copy failed and the run goes on: another copy starts after
 * delay (0: at once), or (delay UINT64_MAX) none does and running others
 * still run. JSON: a retry event, with the copies still running.
 */
void
log_copy_failed(const struct log_attempt *a, uint64_t delay,
    uint64_t running)
{
	struct line	ln;
	char		d[32];

	ln.len = 0;
	if (verbosity < 0)
		return;
	if (format == LOG_JSON) {
		add_json_head(&ln, "retry", a);
		if (delay != UINT64_MAX)
			addf(&ln, ",\"delay_s\":%.6f", duration_seconds(delay));
		addf(&ln, ",\"running\":%llu}", (unsigned long long)running);
		emit(&ln);
		return;
	}
	add_attempt_text(&ln, a);
	addf(&ln, " failed (");
	add_attempt_outcome(&ln, a);
	if (delay == 0)
		addf(&ln, "); another copy starts at once");
	else if (delay != UINT64_MAX)
		addf(&ln, "); another copy starts in %s",
		    duration_format(delay, d, sizeof d));
	else
		addf(&ln, "); %llu other cop%s still running",
		    (unsigned long long)running, running == 1 ? "y" : "ies");
	emit_as(&ln, CI_WARNING);
}

/*
 * --hedge, with -v: attempt n was stopped because attempt by succeeded
 * first (won) or ended the run; what it held, bytes of it, was dropped.
 */
void
log_dropped(uint64_t n, uint64_t by, int won, uint64_t bytes)
{
	struct line	ln;

	ln.len = 0;
	if (verbosity < 1)
		return;
	if (format == LOG_JSON) {
		add_json_open(&ln, "hedge_stopped");
		addf(&ln, ",\"attempt\":%llu,\"by\":%llu,\"won\":%s,"
		    "\"dropped_bytes\":%llu}", (unsigned long long)n,
		    (unsigned long long)by, won ? "true" : "false",
		    (unsigned long long)bytes);
	} else
		addf(&ln, "retry: %s: attempt %llu stopped: attempt %llu %s "
		    "(%llu bytes of output dropped)", label,
		    (unsigned long long)n, (unsigned long long)by,
		    won ? "succeeded first" : "ended the run",
		    (unsigned long long)bytes);
	emit(&ln);
}

/*
 * A sleep about to begin, counted down on a line of its own that goes
 * when the sleep ends (only on a terminal, live.c): the backoff (after
 * its message and the --on-retry hook), a wait for the budget's token or
 * circuit (at the most until wake), or the splay.
 */
void
log_sleep_live(const struct log_attempt *a, enum log_sleep what,
    uint64_t wake, uint64_t now)
{
	struct line	ln;
	char		head[LINE_MAX_LEN];

	ln.len = 0;
	if (verbosity < 0 || format != LOG_TEXT || wake <= now)
		return;
	switch (what) {
	case SLEEP_BACKOFF:
		addf(&ln, "retry: %s: retrying in ", label);
		break;
	case SLEEP_SPLAY:
		addf(&ln, "retry: %s: first attempt in ", label);
		break;
	case SLEEP_TOKEN:
	case SLEEP_CIRCUIT:
		add_attempt_text(&ln, a);
		addf(&ln, " held back by ");
		if (what == SLEEP_CIRCUIT)
			addf(&ln, "circuit %s (open)", a->budget);
		else
			addf(&ln, "retry budget %s (no token)", a->budget);
		/* No end but a success elsewhere: the seconds count up. */
		addf(&ln, wake >= LIVE_NO_END ? " for " : ", at most ");
		break;
	}
	(void)seal(&ln, head, sizeof head);
	(void)live_begin(head, "", wake, now);
}

/*
 * Success: said with -v. In JSON also by default after a retry, as the
 * run's summary for CI: the retry events were printed, and a reader of
 * the log alone must learn how the run ended. A first-try success stays
 * silent.
 */
void
log_success(const struct log_attempt *a)
{
	struct line	ln;

	ln.len = 0;
	if (verbosity < 1 && !(verbosity == 0 && format == LOG_JSON &&
	    made_of(a) > 1))
		return;
	if (format == LOG_JSON) {
		add_json_head(&ln, "success", a);
		add_json_summary(&ln, made_of(a), a->elapsed_ns, "succeeded");
		addf(&ln, "}");
	} else {
		add_attempt_text(&ln, a);
		addf(&ln, " succeeded (");
		add_attempt_outcome(&ln, a);
		addf(&ln, ") after %.3fs", duration_seconds(a->elapsed_ns));
	}
	emit(&ln);
}

/* The reason of a give_up event, as JSON names it. */
static const char *
end_name(enum run_end why)
{
	switch (why) {
	case END_NONE:
	case END_ATTEMPTS:
		return "attempts";
	case END_EXEC:
		return "exec_failed";
	case END_PERMANENT:
		return "permanent";
	case END_DEADLINE:
		return "deadline";
	case END_RETRY_AFTER:
		return "retry-after";
	case END_OUTPUT:
		return "output";
	case END_BUDGET:
		return "budget";
	case END_CIRCUIT:
		return "circuit";
	case END_PUSHBACK:
		return "pushback";
	}
	return "attempts";
}

/*
 * Giving up before any attempt ran (a->attempt is 0): the deadline passed
 * first, or the circuit was open; the command was not run.
 */
static void
give_up_first(struct line *ln, const struct log_attempt *a,
    enum run_end why)
{
	if (why == END_CIRCUIT)
		addf(ln, "retry: %s: giving up: circuit %s open for %llus "
		    "more; the command was not run", label, a->budget,
		    ceil_seconds(a->circuit_ns));
	else
		addf(ln, "retry: %s: giving up: the deadline passed before "
		    "the first attempt could start", label);
}

/* After "attempt N failed (how": why the run gives up. */
static void
give_up_text(struct line *ln, const struct log_attempt *a, enum run_end why)
{
	char	d[32];

	switch (why) {
	case END_RETRY_AFTER:
		addf(ln, "); giving up: the server asked to wait %s "
		    "(%s), past the deadline",
		    duration_format(a->retry_after_ns, d, sizeof d),
		    wait_header(a));
		break;
	case END_OUTPUT:
		addf(ln, "); giving up: its held output was cut short");
		break;
	case END_BUDGET:
		addf(ln, "); giving up: retry budget %s exhausted", a->budget);
		break;
	case END_CIRCUIT:
		addf(ln, "); giving up: circuit %s open for %llus more",
		    a->budget, ceil_seconds(a->circuit_ns));
		break;
	case END_PERMANENT:
		addf(ln, "), a status that is not retried; giving up");
		break;
	case END_PUSHBACK:
		if (a->pushed == PUSHBACK_STOP)
			addf(ln, "); giving up: the command asked to stop "
			    "(RETRY_CONTROL)");
		else
			addf(ln, "); giving up: the command asked to wait %s "
			    "(RETRY_CONTROL), past the deadline",
			    duration_format(a->push_delay_ns, d, sizeof d));
		break;
	case END_DEADLINE:
		addf(ln, "); giving up: the next attempt would start after "
		    "the deadline");
		break;
	case END_NONE:
	case END_EXEC:
	case END_ATTEMPTS:
		addf(ln, "); giving up after %llu attempt%s",
		    (unsigned long long)made_of(a), made_of(a) == 1 ? "" : "s");
		break;
	}
}

/*
 * Giving up: why, and how the last attempt ended; a->attempt 0 when
 * none ran (the deadline passed first, or the circuit was open).
 */
void
log_give_up(const struct log_attempt *a, enum run_end why)
{
	struct line		ln;
	struct log_attempt	none = *a;

	ln.len = 0;
	if (verbosity < 0)
		return;
	if (format == LOG_JSON) {
		if (a->attempt == 0)
			none.outcome = NULL;
		add_json_head(&ln, "give_up", &none);
		addf(&ln, ",\"reason\":\"%s\"", end_name(why));
		if (why == END_CIRCUIT)
			addf(&ln, ",\"circuit_open_s\":%.3f",
			    duration_seconds(a->circuit_ns));
		/* No attempt ran: the command was not run (EX_TEMPFAIL). */
		if (why == END_CIRCUIT && a->attempt == 0)
			addf(&ln, ",\"status\":75");
		add_json_summary(&ln, made_of(a), a->elapsed_ns, "gave_up");
		addf(&ln, "}");
	} else if (a->attempt == 0)
		give_up_first(&ln, a, why);
	else {
		add_attempt_text(&ln, a);
		addf(&ln, " failed (");
		add_attempt_outcome(&ln, a);
		give_up_text(&ln, a, why);
	}
	emit_as(&ln, CI_ERROR);
}

/* A hook ended: say so when it failed (-v: always). */
void
log_hook(const char *name, uint64_t attempt, uint64_t elapsed,
    const struct outcome *o)
{
	struct line	ln;

	ln.len = 0;
	if (verbosity < 0 || (verbosity < 1 && o->status == 0 &&
	    o->kind == OUTCOME_EXITED))
		return;
	if (format == LOG_JSON) {
		add_json_open(&ln, "hook");
		addf(&ln, ",\"hook\":\"%s\",\"attempt\":%llu,\"status\":%d",
		    name, (unsigned long long)attempt, o->status);
		if (o->kind == OUTCOME_SIGNALED)
			addf(&ln, ",\"signal\":%d", o->signo);
		addf(&ln, ",\"elapsed_s\":%.6f}", duration_seconds(elapsed));
	} else {
		addf(&ln, "retry: %s: --%s hook ", label, name);
		if (o->kind == OUTCOME_EXITED && o->status == 0)
			addf(&ln, "succeeded");
		else {
			addf(&ln, "failed (");
			add_outcome_text(&ln, o, o->status, o->why);
			addf(&ln, ")");
		}
	}
	emit(&ln);
}

/*
 * Shell syntax that the user evidently meant a shell to read: a pipe, a
 * list, a redirection, a substitution, a variable, a quote, a newline.
 * Not a lone '&', '?', '*', '#' or '~': a URL's query has them.
 */
static int
shell_syntax(const char *s)
{
	for (; *s != '\0'; s++) {
		if (strchr("|;<>`'\"\\\n", *s) != NULL)
			return 1;
		if (s[0] == '&' && s[1] == '&')
			return 1;
		if (s[0] == '$' && (s[1] == '(' || s[1] == '{' ||
		    name_char(s[1], 1)))
			return 1;
	}
	return 0;
}

/*
 * Append a word as a shell reads it back: bare, or in ''; or, when it
 * holds what a line shows escaped (a newline, a control, bytes that are
 * not UTF-8), in $'...', whose escapes a shell reads back as the bytes
 * they stand for, and which seal() leaves as they are.
 */
static void
add_shell_word(struct line *ln, const char *w, size_t len)
{
	static const char	 safe[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
	    "abcdefghijklmnopqrstuvwxyz0123456789_@%+=:,./-";
	char			 esc[LINE_MAX_LEN];
	size_t			 i;

	if (escape_needed(w, len)) {
		i = escape_text(w, len, ESCAPE_SHELL, esc, sizeof esc);
		addf(ln, "$'%.*s'", (int)i, esc);
		return;
	}
	for (i = 0; i < len && strchr(safe, w[i]) != NULL; i++)
		;
	/* A leading '=' is a path look-up to zsh: "=ls" is /usr/bin/ls. */
	if (i == len && len != 0 && w[0] != '=') {
		addf(ln, "%.*s", (int)len, w);
		return;
	}
	addf(ln, "'");
	for (i = 0; i < len; i++)
		addf(ln, w[i] == '\'' ? "'\\''" : "%c", w[i]);
	addf(ln, "'");
}

/* "retry" and the options it was given, to suggest a command line. */
static void
add_retry_words(struct line *ln)
{
	int	i;

	addf(ln, "retry");
	for (i = 0; i < ngiven; i++) {
		addf(ln, " ");
		add_shell_word(ln, given[i], strlen(given[i]));
	}
}

/*
 * `retry "curl -fsS URL"`: a command line given as one word. Hint that
 * no shell splits it, with a command line that works: the same options,
 * then its words apart, quoted where a shell would read them otherwise
 * (NAME=VALUE through env); or, for shell syntax, a shell to run it.
 */
static void
add_no_shell_hint(struct line *ln, const char *cmd, int whole)
{
	const char	*s = cmd, *w;
	size_t		 len;

	if (!whole) {		/* too long to show whole and right */
		addf(ln, shell_syntax(cmd) ? "no shell reads the command; "
		    "for shell syntax, run one: retry ... sh -c '...'" :
		    "no shell splits the command into words; give them "
		    "separately");
		return;
	}
	if (shell_syntax(cmd)) {
		addf(ln, "no shell reads the command; for shell syntax, run "
		    "one: ");
		add_retry_words(ln);
		addf(ln, " sh -c ");
		add_shell_word(ln, cmd, strlen(cmd));
		return;
	}
	len = next_word(&s, &w);
	if (assignment(w, len)) {
		addf(ln, "no shell splits the command into words or sets its "
		    "variables; give them separately, after env: ");
		add_retry_words(ln);
		addf(ln, " env");
	} else {
		addf(ln, "no shell splits the command into words; give them "
		    "separately: ");
		add_retry_words(ln);
	}
	for (s = cmd; (len = next_word(&s, &w)) != 0;) {
		addf(ln, " ");
		add_shell_word(ln, w, len);
	}
}

/*
 * The command could not be run: never retried. Shown even with -q, and
 * so is the hint for a command line given as one word: it is part of
 * the report.
 */
void
log_exec_failed(const struct log_attempt *a, const char *cmd)
{
	struct line	ln, hint;

	ln.len = 0;
	hint.len = 0;
	child_wrote = 0;	/* it ended before the command could write */
	if (a->outcome->exec_errno == ENOENT && one_word_line(cmd)) {
		add_no_shell_hint(&hint, cmd, 1);
		/*
		 * A line cut short would suggest another command: past what
		 * a JSON string holds, none is suggested.
		 */
		if (hint.len > JSON_STRING_MAX - 16) {
			hint.len = 0;
			add_no_shell_hint(&hint, cmd, 0);
		}
	}
	if (format == LOG_JSON) {
		add_json_head(&ln, "exec_failed", a);
		addf(&ln, ",\"error\":");
		add_json_string(&ln, strerror(a->outcome->exec_errno));
		if (hint.len != 0) {
			hint.buf[hint.len] = '\0';
			addf(&ln, ",\"hint\":");
			add_json_string(&ln, hint.buf);
		}
		add_json_summary(&ln, made_of(a), a->elapsed_ns, "exec_failed");
		addf(&ln, "}");
		emit(&ln);
		return;
	}
	addf(&ln, "retry: %.*s: %s", (int)shown_len(cmd, strlen(cmd)), cmd,
	    a->outcome->exec_errno == ENOENT ? "command not found" :
	    strerror(a->outcome->exec_errno));
	if (a->outcome->exec_errno != ENOENT)
		addf(&ln, " (cannot run it)");
	emit_as(&ln, CI_ERROR);
	if (hint.len != 0) {
		ln.len = 0;
		addf(&ln, "retry: hint: %.*s", (int)hint.len, hint.buf);
		emit(&ln);
	}
}

/*
 * A wait for a token or for the circuit ended: with -v, how long the
 * attempt was held back; in JSON, always, as an event of its own.
 */
void
log_budget_wait(const struct log_attempt *a, const struct log_wait *w)
{
	struct line		ln;
	struct log_attempt	next = *a;

	ln.len = 0;
	if (verbosity < 0 || (verbosity < 1 && format == LOG_TEXT))
		return;
	next.outcome = NULL;
	if (format == LOG_JSON) {
		add_json_head(&ln, "budget_wait", &next);
		addf(&ln, ",\"reason\":\"%s\",\"waited_s\":%.6f,"
		    "\"token_s\":%.6f,\"circuit_s\":%.6f,\"got\":%s,"
		    "\"limit_s\":", w->reason == HOLD_CIRCUIT ? "circuit" :
		    "token", duration_seconds(w->waited_ns),
		    duration_seconds(w->token_ns),
		    duration_seconds(w->circuit_ns), w->got ? "true" : "false");
		/* The longest it might have lasted; null: no limit. */
		if (w->limit_ns >= DURATION_MAX)
			addf(&ln, "null}");
		else
			addf(&ln, "%.6f}", duration_seconds(w->limit_ns));
	} else {
		addf(&ln, "retry: %s: attempt %llu held back %.3fs by ", label,
		    (unsigned long long)a->attempt,
		    duration_seconds(w->waited_ns));
		if (w->circuit_ns != 0)
			addf(&ln, "circuit %s (open)", a->budget);
		if (w->circuit_ns != 0 && w->token_ns != 0)
			addf(&ln, " and ");
		if (w->token_ns != 0 || w->circuit_ns == 0)
			addf(&ln, "retry budget %s (no token)", a->budget);
		if (!w->got)
			addf(&ln, "; none came in time");
	}
	emit(&ln);
}

/*
 * retry dies of signo (a stop signal passed on to the attempt, an attempt
 * interrupted by the user, SIGPIPE for a reader of stdout gone): in JSON,
 * the run's last event, with its summary, and the status that a shell
 * sees, 128+signo, as every event has one. The text messages say nothing:
 * the shell reports the signal.
 */
void
log_interrupted(int signo, uint64_t now)
{
	struct line	 ln;
	char		 buf[SIGNAME_MAX];
	const char	*name = signame_name(signo, buf, sizeof buf);

	ln.len = 0;
	if (verbosity < 0 || format != LOG_JSON || run_id[0] == '\0')
		return;
	add_json_open(&ln, "interrupted");
	addf(&ln, ",\"attempt\":%llu,\"status\":%d,\"signal\":%d",
	    (unsigned long long)run_started, 128 + signo, signo);
	if (name != NULL)
		addf(&ln, ",\"signal_name\":\"SIG%s\"", name);
	addf(&ln, ",\"elapsed_s\":%.6f", duration_seconds(now - run_start));
	add_json_summary(&ln, run_started, now - run_start, "interrupted");
	addf(&ln, "}");
	emit(&ln);
}
