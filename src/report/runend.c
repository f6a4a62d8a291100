/* SPDX-License-Identifier: ISC */
/*
 * The sentences of a run's end, each with the run's summary in JSON: it
 * succeeded, it gave up (and why), the command could not be run (with a
 * hint when it was a command line given as one word), retry was
 * interrupted. The line they are written in, and its way out, are
 * log.c's.
 */
#include "config.h"

#include <errno.h>
#include <stdint.h>
#include <string.h>

#include "policy/duration.h"
#include "policy/shquote.h"
#include "policy/signame.h"
#include "report/cistep.h"
#include "report/live.h"
#include "report/log.h"
#include "report/msg.h"

/* Attempts started in all, as of the run's end. */
static uint64_t
made_of(const struct log_attempt *a)
{
	return a->made != 0 ? a->made : a->attempt;
}

/* Whole seconds, rounded up: "open for 30s more". */
static unsigned long long
ceil_seconds(uint64_t ns)
{
	return (unsigned long long)(ns / 1000000000ULL +
	    (ns % 1000000000ULL != 0));
}

/*
 * Success: said with -v. In JSON also by default after a retry, as the
 * run's summary for CI: the retry events were printed, and a reader of
 * the log alone must learn how the run ended. A first-try success stays
 * silent. In JSON, "recovered": whether an attempt failed before it.
 */
void
log_success(const struct log_attempt *a)
{
	struct line	ln;
	int		last;

	ln.len = 0;
	if (msg.verbosity < 1 && !(msg.verbosity == 0 &&
	    msg.format == LOG_JSON && made_of(a) > 1))
		return;
	if (msg.format == LOG_JSON) {
		msg_json_head(&ln, "success", a);
		msg_add(&ln, ",\"recovered\":%s", cistep_failures(&last) > 0 ?
		    "true" : "false");
		msg_json_summary(&ln, made_of(a), a->elapsed_ns, "succeeded");
		msg_add(&ln, "}");
	} else {
		msg_attempt_text(&ln, a);
		msg_add(&ln, " succeeded (");
		msg_attempt_outcome(&ln, a);
		if (a->successes != 0)
			msg_add(&ln, ", %llu of %llu in a row",
			    (unsigned long long)a->in_a_row,
			    (unsigned long long)a->successes);
		msg_add(&ln, ") after %.3fs", duration_seconds(a->elapsed_ns));
	}
	msg_emit(&ln);
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
	case END_SERVER_WAIT:
		return "max-server-wait";
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
		msg_add(ln, "retry: %s: giving up: circuit %s open for %llus "
		    "more; the command was not run", msg.label, a->budget,
		    ceil_seconds(a->circuit_ns));
	else
		msg_add(ln, "retry: %s: giving up: the deadline passed before "
		    "the first attempt could start", msg.label);
}

/*
 * After "attempt N failed (how": the server or the command asked for a
 * wait past --max-server-wait:give-up (the longer of the two, as the
 * verdict took it).
 */
static void
too_long(struct line *ln, const struct log_attempt *a)
{
	char	d[32], m[32];

	duration_format(a->wait_most_ns, m, sizeof m);
	if (a->push_delay_ns > a->retry_after_ns)
		msg_add(ln, "); giving up: the command asked to wait %s "
		    "(RETRY_CONTROL), more than --max-server-wait=%s",
		    duration_format(a->push_delay_ns, d, sizeof d), m);
	else
		msg_add(ln, "); giving up: the server asked to wait %s (%s), "
		    "more than --max-server-wait=%s",
		    duration_format(a->retry_after_ns, d, sizeof d),
		    msg_wait_header(a), m);
}

/* After "attempt N failed (how": why the run gives up. */
static void
give_up_text(struct line *ln, const struct log_attempt *a, enum run_end why)
{
	char	d[32];

	switch (why) {
	case END_RETRY_AFTER:
		msg_add(ln, "); giving up: the server asked to wait %s "
		    "(%s), past the deadline",
		    duration_format(a->retry_after_ns, d, sizeof d),
		    msg_wait_header(a));
		break;
	case END_OUTPUT:
		msg_add(ln, "); giving up: its held output was cut short");
		break;
	case END_BUDGET:
		msg_add(ln, "); giving up: retry budget %s exhausted",
		    a->budget);
		break;
	case END_CIRCUIT:
		msg_add(ln, "); giving up: circuit %s open for %llus more",
		    a->budget, ceil_seconds(a->circuit_ns));
		break;
	case END_PERMANENT:
		msg_add(ln, "), a status that is not retried; giving up");
		break;
	case END_PUSHBACK:
		if (a->pushed == PUSHBACK_STOP)
			msg_add(ln, "); giving up: the command asked to stop "
			    "(RETRY_CONTROL)");
		else
			msg_add(ln, "); giving up: the command asked to wait "
			    "%s (RETRY_CONTROL), past the deadline",
			    duration_format(a->push_delay_ns, d, sizeof d));
		break;
	case END_DEADLINE:
		msg_add(ln, "); giving up: the next attempt would start after "
		    "the deadline");
		break;
	case END_SERVER_WAIT:
		too_long(ln, a);
		break;
	case END_NONE:
	case END_EXEC:
	case END_ATTEMPTS:
		msg_add(ln, "); giving up after %llu attempt%s",
		    (unsigned long long)made_of(a), made_of(a) == 1 ? "" : "s");
		break;
	}
}

/*
 * --successes: the last attempt succeeded, short of N in a row, and the
 * attempts or the time ran out (the run ends with status 1).
 */
static void
short_of_successes(struct line *ln, const struct log_attempt *a,
    enum run_end why)
{
	msg_attempt_text(ln, a);
	msg_add(ln, " succeeded (");
	msg_outcome_text(ln, a->outcome, a->outcome->status, NULL);
	msg_add(ln, ", %llu of %llu in a row", (unsigned long long)a->in_a_row,
	    (unsigned long long)a->successes);
	give_up_text(ln, a, why);
	msg_add(ln, ": %llu successes in a row not reached",
	    (unsigned long long)a->successes);
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
	msg_note_failed(a);	/* noted already if it was retried: once */
	if (msg.verbosity < 0)
		return;
	if (msg.format == LOG_JSON) {
		if (a->attempt == 0)
			none.outcome = NULL;
		msg_json_head(&ln, "give_up", &none);
		msg_add(&ln, ",\"reason\":\"%s\"", end_name(why));
		if (why == END_CIRCUIT)
			msg_add(&ln, ",\"circuit_open_s\":%.3f",
			    duration_seconds(a->circuit_ns));
		/* No attempt ran: the command was not run (EX_TEMPFAIL). */
		if (why == END_CIRCUIT && a->attempt == 0)
			msg_add(&ln, ",\"status\":75");
		msg_json_summary(&ln, made_of(a), a->elapsed_ns, "gave_up");
		msg_add(&ln, "}");
	} else if (a->attempt == 0)
		give_up_first(&ln, a, why);
	else if (a->in_a_row != 0)
		short_of_successes(&ln, a, why);
	else {
		msg_attempt_text(&ln, a);
		msg_add(&ln, " failed (");
		msg_attempt_outcome(&ln, a);
		give_up_text(&ln, a, why);
	}
	msg_emit_as(&ln, CI_ERROR);
}

/* Append a word as a shell reads it back (shquote.c). */
static void
add_shell_word(struct line *ln, const char *w, size_t len)
{
	char	quoted[LINE_MAX_LEN];
	size_t	n = shquote_word(w, len, quoted, sizeof quoted);

	msg_add(ln, "%.*s", (int)n, quoted);
}

/* "retry" and the options it was given, to suggest a command line. */
static void
add_retry_words(struct line *ln)
{
	int	i;

	msg_add(ln, "retry");
	for (i = 0; i < msg.ngiven; i++) {
		msg_add(ln, " ");
		add_shell_word(ln, msg.given[i], strlen(msg.given[i]));
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
		msg_add(ln, shquote_syntax(cmd) ? "no shell reads the command; "
		    "for shell syntax, run one: retry ... sh -c '...'" :
		    "no shell splits the command into words; give them "
		    "separately");
		return;
	}
	if (shquote_syntax(cmd)) {
		msg_add(ln, "no shell reads the command; for shell syntax, run "
		    "one: ");
		add_retry_words(ln);
		msg_add(ln, " sh -c ");
		add_shell_word(ln, cmd, strlen(cmd));
		return;
	}
	len = shquote_next_word(&s, &w);
	if (shquote_assignment(w, len)) {
		msg_add(ln, "no shell splits the command into words or sets "
		    "its variables; give them separately, after env: ");
		add_retry_words(ln);
		msg_add(ln, " env");
	} else {
		msg_add(ln, "no shell splits the command into words; give them "
		    "separately: ");
		add_retry_words(ln);
	}
	for (s = cmd; (len = shquote_next_word(&s, &w)) != 0;) {
		msg_add(ln, " ");
		add_shell_word(ln, w, len);
	}
}

/* A word of digits only, as `retry 3 false` gives for the command. */
static int
all_digits(const char *s)
{
	size_t	n = strspn(s, "0123456789");

	return n > 0 && n <= 9 && s[n] == '\0';
}

/*
 * `retry 3 false`, as another retry counts attempts: hint -a N, with the
 * same options and the words after the number; or, too long to show
 * whole, only where -a goes.
 */
static void
add_number_hint(struct line *ln, const char *n, int whole)
{
	char *const	*w;
	int		 nopts = msg.ngiven;

	if (strspn(n, "0") == strlen(n))
		msg_add(ln, "to retry with no limit, say ");
	else
		msg_add(ln, "to make %s attempt%s, say ", n,
		    strcmp(n, "1") == 0 ? "" : "s");
	if (!whole || msg.given == NULL) {
		msg_add(ln, "retry -a %s -- COMMAND", n);
		return;
	}
	/* The options given, but a "--" that ended them. */
	if (nopts > 0 && strcmp(msg.given[nopts - 1], "--") == 0)
		nopts--;
	msg_add(ln, "retry");
	for (w = msg.given; w < msg.given + nopts; w++) {
		msg_add(ln, " ");
		add_shell_word(ln, *w, strlen(*w));
	}
	msg_add(ln, " -a %s --", n);
	for (w = msg.given + msg.ngiven + 1; *w != NULL; w++) {
		msg_add(ln, " ");
		add_shell_word(ln, *w, strlen(*w));
	}
	if (msg.given[msg.ngiven + 1] == NULL)
		msg_add(ln, " COMMAND");
}

/* The hint for a command not found, if one helps; in hint. */
static void
exec_hint(struct line *hint, const char *cmd, int e)
{
	hint->len = 0;
	if (e != ENOENT)
		return;
	if (shquote_is_line(cmd)) {
		add_no_shell_hint(hint, cmd, 1);
		/*
		 * A line cut short would suggest another command: past what
		 * a JSON string holds, none is suggested.
		 */
		if (hint->len > JSON_STRING_MAX - 16) {
			hint->len = 0;
			add_no_shell_hint(hint, cmd, 0);
		}
	} else if (all_digits(cmd)) {
		add_number_hint(hint, cmd, 1);
		if (hint->len > JSON_STRING_MAX - 16) {
			hint->len = 0;
			add_number_hint(hint, cmd, 0);
		}
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
	msg_note_failed(a);
	msg_child_silent();	/* it ended before the command could write */
	exec_hint(&hint, cmd, a->outcome->exec_errno);
	if (msg.format == LOG_JSON) {
		msg_json_head(&ln, "exec_failed", a);
		msg_add(&ln, ",\"error\":");
		msg_add_json(&ln, strerror(a->outcome->exec_errno));
		if (hint.len != 0) {
			hint.buf[hint.len] = '\0';
			msg_add(&ln, ",\"hint\":");
			msg_add_json(&ln, hint.buf);
		}
		msg_json_summary(&ln, made_of(a), a->elapsed_ns, "exec_failed");
		msg_add(&ln, "}");
		msg_emit(&ln);
		return;
	}
	msg_add(&ln, "retry: %.*s: %s", (int)msg_shown_len(cmd, strlen(cmd)),
	    cmd, a->outcome->exec_errno == ENOENT ? "command not found" :
	    a->outcome->exec_errno == EISDIR ? "is a directory" :
	    strerror(a->outcome->exec_errno));
	if (a->outcome->exec_errno != ENOENT)
		msg_add(&ln, " (cannot run it)");
	msg_emit_as(&ln, CI_ERROR);
	if (hint.len != 0) {
		ln.len = 0;
		msg_add(&ln, "retry: hint: %.*s", (int)hint.len, hint.buf);
		msg_emit(&ln);
	}
}

/*
 * The last words before retry dies of signo (eventloop_die_of()): a count
 * on the terminal ends with its line, then the message.
 */
void
log_last_words(int signo, uint64_t now)
{
	live_end();
	log_interrupted(signo, now);
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
	if (msg.verbosity < 0 || msg.format != LOG_JSON ||
	    msg.run_id[0] == '\0')
		return;
	msg_json_open(&ln, "interrupted");
	msg_add(&ln, ",\"attempt\":%llu,\"status\":%d,\"signal\":%d",
	    (unsigned long long)msg.run_started, 128 + signo, signo);
	if (name != NULL)
		msg_add(&ln, ",\"signal_name\":\"SIG%s\"", name);
	msg_add(&ln, ",\"elapsed_s\":%.6f",
	    duration_seconds(now - msg.run_start));
	msg_json_summary(&ln, msg.run_started, now - msg.run_start,
	    "interrupted");
	msg_add(&ln, "}");
	msg_emit(&ln);
}
