/* SPDX-License-Identifier: ISC */
/*
 * Messages: the core. Each is built in a buffer and handed whole to the
 * stderr sink, so lines from retry and from the attempt never interleave
 * mid-line, and a reader of stderr that stalls never holds retry (the
 * line waits in the sink, or is dropped past its bound). Text lines
 * start with "retry: "; with --log-format=json each line is one JSON
 * object, valid UTF-8. Text from outside goes into a line as it came,
 * and every line is made visible on its way out (msg_seal()): one place,
 * that no message can miss. Here: what every message knows (verbosity,
 * format, the name it gives the command, the run), the line, its frame
 * (the JSON fields every event has), its way out, and CI's markers
 * around it; what each event says is in events.c and runend.c.
 */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "policy/calendar.h"
#include "policy/duration.h"
#include "policy/escape.h"
#include "policy/shquote.h"
#include "policy/utf8.h"
#include "proc/held.h"
#include "proc/sink.h"
#include "report/ci.h"
#include "report/live.h"
#include "report/log.h"
#include "report/msg.h"

#define LABEL_SHOWN 512		/* bytes of a name, shown (escaped) */

struct msg_state	 msg = {
	.format = LOG_TEXT,
	.label = "retry",
};
static char		 label_buf[512];	/* the command's, cut */
static char		 given_label[512];	/* -m's, cut to be shown */
static const char	*command_name = "retry"; /* the command's, not -m's */

/* CI log markers (ci.c): which CI's log stderr is, and the open fold. */
static enum ci_kind	 ci = CI_NONE;
static char		 fold_name[64];	/* the open fold's; "": none */
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
size_t
msg_shown_len(const char *s, size_t len)
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

	if (shquote_is_line(cmd) &&
	    (strchr(cmd, '/') == NULL || access(cmd, F_OK) == -1)) {
		while ((len = shquote_next_word(&s, &name)) != 0 &&
		    shquote_assignment(name, len))
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
	copy_cut(label_buf, sizeof label_buf, name, msg_shown_len(name, len));
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
	msg.verbosity = v;
	msg.format = f;
	msg.given = args;
	msg.ngiven = nopts;
	if (args[nopts] != NULL)
		command_name = command_label(args[nopts]);
	if (l != NULL) {
		copy_cut(given_label, sizeof given_label, l,
		    msg_shown_len(l, strlen(l)));
		msg.label = given_label;
	} else
		msg.label = command_name;
	live_init(f == LOG_TEXT && v >= 0);
}

/*
 * The run that the messages speak of: its id (the attempts' RETRY_RUN_ID)
 * and when it started, on the monotonic clock that elapsed times use.
 */
void
log_run(const char *id, uint64_t start)
{
	copy_cut(msg.run_id, sizeof msg.run_id, id, strlen(id));
	msg.run_start = start;
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

/* Append to a line, cutting what does not fit. */
void
msg_add(struct line *ln, const char *fmt, ...)
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

/*
 * Append s as a JSON string, escaped: always valid UTF-8, so a byte that
 * is not part of a well-formed sequence is written as \u00XX (its value
 * read as Latin-1). The characters that a text line makes visible
 * (escape.c) are \uXXXX here, and "##[" is "#\u0023[": the same string
 * to a JSON reader, and a line that msg_seal() leaves as it is. A long
 * string is cut at a character's end, so that the line stays whole JSON.
 */
void
msg_add_json(struct line *ln, const char *str)
{
	const unsigned char	*s = (const unsigned char *)str;
	size_t			 len, used = 0;

	msg_add(ln, "\"");
	for (; *s != '\0'; s += len) {
		len = utf8_len(s);
		if ((used += len != 0 ? len : 1) > JSON_STRING_MAX)
			break;
		if (len == 0) {
			msg_add(ln, "\\u%04x", *s);
			len = 1;
		} else if (*s == '"' || *s == '\\')
			msg_add(ln, "\\%c", *s);
		else if (escape_special(s, len))
			msg_add(ln, "\\u%04lx",
			    (unsigned long)utf8_code(s, len));
		else if (s[0] == '#' && s[1] == '#' && s[2] == '[') {
			msg_add(ln, "#\\u0023");
			len = 2;
			used++;
		} else
			msg_add(ln, "%.*s", (int)len, (const char *)s);
	}
	msg_add(ln, "\"");
}

/*
 * "attempt 2/5", or "attempt 2" when there is no limit. With --uncounted,
 * "attempt 7 (uncounted)" for a failure that did not count, "attempt
 * 2/5" for one that did (2 among those that count), and "attempt 7
 * (2/5)" for one not ended yet.
 */
void
msg_attempt_text(struct line *ln, const struct log_attempt *a)
{
	int	differ = a->counted != 0 && a->counted != a->attempt;

	if (a->uncounted) {	/* --uncounted: K is its RETRY_ATTEMPT */
		msg_add(ln, "retry: %s: attempt %llu (uncounted)", msg.label,
		    (unsigned long long)a->attempt);
		return;
	}
	/* Ended and counted: k/N, k among those that count. */
	msg_add(ln, "retry: %s: attempt %llu", msg.label, (unsigned long long)
	    (differ && a->outcome != NULL ? a->counted : a->attempt));
	if (a->max_attempts == 0)
		return;
	if (differ && a->outcome == NULL)	/* not ended: K (k/N) */
		msg_add(ln, " (%llu/%llu)", (unsigned long long)a->counted,
		    (unsigned long long)a->max_attempts);
	else
		msg_add(ln, "/%llu", (unsigned long long)a->max_attempts);
}

/*
 * Open a JSON object with what every event has: its name, the wall-clock
 * time, the run's id, the command.
 */
void
msg_json_open(struct line *ln, const char *event)
{
	struct timespec	ts;
	char		t[40];

	clock_gettime(CLOCK_REALTIME, &ts);
	log_time_format((int64_t)ts.tv_sec, ts.tv_nsec, t, sizeof t);
	msg_add(ln, "{\"event\":\"%s\",\"time\":\"%s\"", event, t);
	if (msg.run_id[0] != '\0')
		msg_add(ln, ",\"run_id\":\"%s\"", msg.run_id);
	msg_add(ln, ",\"command\":");
	msg_add_json(ln, msg.label);
}

/*
 * The run's summary, in the event that ends it: attempts started, the
 * time since retry started, and how it ended ("succeeded", "gave_up",
 * "exec_failed", "interrupted").
 */
void
msg_json_summary(struct line *ln, uint64_t made, uint64_t total_ns,
    const char *outcome)
{
	msg_add(ln, ",\"attempts_made\":%llu,\"total_s\":%.6f,"
	    "\"outcome\":\"%s\"", (unsigned long long)made,
	    duration_seconds(total_ns), outcome);
}

/* The header the server's wait came from: Retry-After or a rate limit's. */
const char *
msg_wait_header(const struct log_attempt *a)
{
	return a->retry_after_from != NULL && *a->retry_after_from != '\0' ?
	    a->retry_after_from : "Retry-After";
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

/* Start a JSON object with the fields every event has. */
void
msg_json_head(struct line *ln, const char *event, const struct log_attempt *a)
{
	msg_json_open(ln, event);
	msg_add(ln, ",\"attempt\":%llu,\"max_attempts\":%llu",
	    (unsigned long long)a->attempt,
	    (unsigned long long)a->max_attempts);
	if (a->uncounted)
		msg_add(ln, ",\"uncounted\":true");
	else if (a->counted != 0)
		msg_add(ln, ",\"counted\":%llu", (unsigned long long)a->counted);
	if (a->outcome != NULL) {
		msg_add(ln, ",\"status\":%d", a->status);
		if (a->successes != 0)
			msg_add(ln, ",\"successes\":%llu,\"successes_needed\""
			    ":%llu", (unsigned long long)a->in_a_row,
			    (unsigned long long)a->successes);
		if (a->outcome->kind == OUTCOME_SIGNALED)
			msg_add(ln, ",\"signal\":%d", a->outcome->signo);
		if (a->outcome->kind == OUTCOME_TIMEDOUT)
			msg_add(ln, ",\"timed_out\":true");
		if (a->outcome->kind == OUTCOME_TIMEDOUT &&
		    a->outcome->idle_ns == 0 && a->timeout_ns != 0)
			msg_add(ln, ",\"timeout_s\":%.6f",
			    duration_seconds(a->timeout_ns));
		if (a->outcome->idle_ns != 0)
			msg_add(ln, ",\"idle\":true,\"idle_s\":%.3f",
			    duration_seconds(a->outcome->idle_ns));
		if (a->why != NULL) {
			msg_add(ln, ",\"why\":");
			msg_add_json(ln, a->why);
		}
		if (a->http_status != 0)
			msg_add(ln, ",\"http_status\":%d", a->http_status);
		if (a->retry_after_ns != 0)
			msg_add(ln, ",\"retry_after_s\":%.0f,"
			    "\"retry_after_from\":\"%s\"",
			    duration_seconds(a->retry_after_ns),
			    msg_wait_header(a));
		if (a->pushed != PUSHBACK_NONE)
			msg_add(ln, ",\"pushback\":\"%s\"",
			    pushback_name(a->pushed));
		if (a->push_delay_ns != 0)
			msg_add(ln, ",\"pushback_delay_s\":%.6f",
			    duration_seconds(a->push_delay_ns));
		/* A wait asked past --max-server-wait: cut to this most. */
		if (a->wait_cut)
			msg_add(ln, ",\"max_server_wait_s\":%.6f",
			    duration_seconds(a->wait_most_ns));
	}
	msg_add(ln, ",\"elapsed_s\":%.6f", duration_seconds(a->elapsed_ns));
	if (a->budget != NULL) {
		msg_add(ln, ",\"budget\":");
		msg_add_json(ln, a->budget);
		msg_add(ln, ",\"tokens\":%.3f,\"circuit\":\"%s\"", a->tokens,
		    budget_circuit_name(a->circuit));
	}
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
size_t
msg_seal(const struct line *ln, char *out, size_t outlen)
{
	return escape_text(ln->buf, ln->len, ESCAPE_LINE, out, outlen);
}

/*
 * --output=on-failure (held non-NULL): text messages are held with the
 * attempts' output, to be written only if the run fails; the JSON log
 * goes out live, and so do retry's own errors. No count on the terminal
 * and no CI markers meanwhile: nothing reaches stderr. NULL: the run is
 * over, what follows goes out.
 */
void
log_hold(struct held *held)
{
	msg.held = held;
	if (held != NULL) {
		live_init(0);
		msg.ci_folds = 0;
	}
}

/*
 * Hand the line, with its newline, to the stderr sink whole (or, held,
 * to the run's held output, unless live); a line that counts down on
 * the terminal ends first.
 */
static void
emit(const struct line *ln, int live)
{
	char	out[LINE_MAX_LEN];
	size_t	n = msg_seal(ln, out, sizeof out - 1);

	out[n++] = '\n';
	if (!live && msg.held != NULL && msg.format == LOG_TEXT) {
		held_append(msg.held, STDERR_FILENO, out, n);
		return;
	}
	live_end();
	sink_message(out, n);
	live_fresh(1);
	child_wrote = 0;
}

void
msg_emit(const struct line *ln)
{
	emit(ln, 0);
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

/* The child ended before it could write: none of its text is out. */
void
msg_child_silent(void)
{
	child_wrote = 0;
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
void
msg_emit_as(const struct line *ln, enum ci_level level)
{
	char	out[LINE_MAX_LEN];
	size_t	n;

	if (ci == CI_NONE || msg.format != LOG_TEXT || msg.held != NULL) {
		msg_emit(ln);
		return;
	}
	n = msg_seal(ln, out, sizeof out);
	n = ci_annotation(ci, level, out, n, ci_buf, CI_BUF_SIZE);
	ci_write(ci_buf, n, 0);
}

/*
 * Markers for the CI whose log stderr is, unless auto_on is 0 (--ci=off)
 * or the format is JSON; folds: each attempt's output under a fold of its
 * own, unless quiet.
 */
void
log_ci(int auto_on, int folds)
{
	ci = msg.format != LOG_TEXT ? CI_NONE : ci_detect(auto_on,
	    getenv("GITHUB_ACTIONS"), getenv("GITLAB_CI"), 1);
	/* What stderr is costs two system calls: only asked in CI. */
	if (ci != CI_NONE && !ci_stream_is_log(STDERR_FILENO))
		ci = CI_NONE;
	/* Without the buffer, the log is plain: nothing is lost. */
	if (ci != CI_NONE && ci_buf == NULL &&
	    (ci_buf = malloc(CI_BUF_SIZE)) == NULL)
		ci = CI_NONE;
	/* Held output (log_hold()) is written with no fold around it. */
	msg.ci_folds = ci != CI_NONE && folds && msg.verbosity >= 0 &&
	    msg.held == NULL;
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
 * Open a fold for attempt n, about to start, headed with title. GitLab's
 * section name is made of the run's id (hex) and the attempt's number,
 * so that runs in one job never share one.
 */
void
msg_fold_open(const struct line *title, uint64_t n)
{
	char	head[LINE_MAX_LEN];
	size_t	len;

	log_fold_end();
	snprintf(fold_name, sizeof fold_name, "retry_%.8s_%llu",
	    msg.run_id[0] != '\0' ? msg.run_id : "run",
	    (unsigned long long)n);
	len = msg_seal(title, head, sizeof head);
	len = ci_fold_open(ci, fold_name, unix_now(), head, len, ci_buf,
	    CI_BUF_SIZE);
	ci_write(ci_buf, len, 0);
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

/* The command's name, as messages name it when -m does not. */
const char *
log_command_name(void)
{
	return command_name;
}

/* A usage error: what was wrong, and where to read more. Never quiet. */
void
log_usage_error(const char *text)
{
	struct line	ln;

	ln.len = 0;
	msg_add(&ln, "retry: %s", text);
	emit(&ln, 1);
	ln.len = 0;
	msg_add(&ln, "Try 'retry --help' for more information.");
	emit(&ln, 1);
}

/* An error of retry's own. Never quiet. */
void
log_error(const char *fmt, ...)
{
	struct line	ln;
	va_list		ap;
	int		n;

	ln.len = 0;
	msg_add(&ln, "retry: ");
	va_start(ap, fmt);
	n = vsnprintf(ln.buf + ln.len, sizeof ln.buf - ln.len - 1, fmt, ap);
	va_end(ap);
	if (n > 0)
		ln.len += (size_t)n < sizeof ln.buf - ln.len - 2 ?
		    (size_t)n : sizeof ln.buf - ln.len - 2;
	emit(&ln, 1);
}

/* A detail for -v. */
void
log_detail(const char *text)
{
	if (msg.verbosity >= 1)
		log_notice(text);
}

/* A notice about how retry takes an option here (not with -q). */
void
log_notice(const char *text)
{
	struct line	ln;

	ln.len = 0;
	if (msg.verbosity < 0)
		return;
	if (msg.format == LOG_JSON) {
		msg_json_open(&ln, "notice");
		msg_add(&ln, ",\"message\":");
		msg_add_json(&ln, text);
		msg_add(&ln, "}");
	} else
		msg_add(&ln, "retry: %s", text);
	msg_emit(&ln);
}
