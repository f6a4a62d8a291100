/* SPDX-License-Identifier: ISC */
/*
 * The sentences of an attempt's events, in text and in JSON: it starts
 * (a hedge too), it failed and the run retries, a copy was stopped, a
 * sleep counts down, a budget held it back, a hook ended; and the
 * nested-retry warning. How the run ends is runend.c's; the line they
 * are written in, and its way out, log.c's.
 */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "policy/backoff.h"
#include "policy/duration.h"
#include "policy/shquote.h"
#include "policy/large.h"
#include "policy/signame.h"
#include "report/cistep.h"
#include "report/live.h"
#include "report/log.h"
#include "report/msg.h"

/* Why the next attempt starts, for the head of its CI fold. */
static char	ci_after[512] LARGE_ZEROED;

/* "exit status 7", "signal 9 (KILL)", "timed out (TERM)". */
void
msg_outcome_text(struct line *ln, const struct outcome *o, int status,
    const char *why)
{
	char		 buf[SIGNAME_MAX], idle[48];
	const char	*name = signame_name(o->signo, buf, sizeof buf);

	switch (o->kind) {
	case OUTCOME_SIGNALED:
		msg_add(ln, "killed by signal %d", o->signo);
		if (name != NULL)
			msg_add(ln, " (SIG%s)", name);
		break;
	case OUTCOME_TIMEDOUT:
		msg_add(ln, "timed out");
		if (o->idle_ns != 0)
			msg_add(ln, ": no output for %s", duration_format(
			    o->idle_ns, idle, sizeof idle));
		break;
	case OUTCOME_EXEC_FAILED:
		msg_add(ln, "%s", strerror(o->exec_errno));
		break;
	case OUTCOME_EXITED:
	default:
		msg_add(ln, "exit status %d", status);
		break;
	}
	if (why != NULL)
		msg_add(ln, ", %s", why);
}

/* An ended attempt: its outcome, with the HTTP status read, if any. */
void
msg_attempt_outcome(struct line *ln, const struct log_attempt *a)
{
	msg_outcome_text(ln, a->outcome, a->status, NULL);
	if (a->http_status != 0)
		msg_add(ln, ", HTTP %d", a->http_status);
	if (a->why != NULL)
		msg_add(ln, ", %s", a->why);
}

/*
 * An attempt failed: noted for a CI step's summary (cistep.c), with its
 * outcome in words, at any verbosity. None ran: nothing to note.
 */
void
msg_note_failed(const struct log_attempt *a)
{
	struct line	ln;

	if (a->attempt == 0 || a->outcome == NULL)
		return;
	ln.len = 0;
	msg_attempt_outcome(&ln, a);
	cistep_failed(a->attempt, a->status, ln.buf, ln.len);
}

/* Did the wait come from a Retry-After, as it did before rate limits? */
static int
is_retry_after(const struct log_attempt *a)
{
	return strcmp(msg_wait_header(a), "Retry-After") == 0;
}

/*
 * Open a fold for the attempt about to start, headed with its number and
 * why it starts: how the attempt before it failed (log_retry()).
 */
void
log_fold_begin(const struct log_attempt *a)
{
	struct line	ln;

	ln.len = 0;
	if (!msg.ci_folds)
		return;
	msg_attempt_text(&ln, a);
	if (ci_after[0] != '\0')
		msg_add(&ln, ", after %s", ci_after);
	msg_fold_open(&ln, a->attempt);
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
	if (msg.verbosity < 0)
		return;
	if (msg.format == LOG_JSON) {
		msg_json_open(&ln, "nested");
		msg_add(&ln, ",\"layers\":%llu,\"max_runs\":%llu,\"message\":"
		    "\"running inside another retry's attempt: retries "
		    "multiply\"}", (unsigned long long)layers,
		    (unsigned long long)runs);
	} else {
		msg_add(&ln, "retry: warning: running inside another retry's "
		    "attempt: retries multiply (%llu layers: ",
		    (unsigned long long)layers);
		if (runs != 0)
			msg_add(&ln, "up to %llu runs of %s)",
			    (unsigned long long)runs, msg.label);
		else
			msg_add(&ln, "no limit on the runs of %s)", msg.label);
	}
	msg_emit(&ln);
}

/*
 * The command line, its words quoted where a shell would read them
 * otherwise (shquote.c), as the hint for a one-word command quotes them.
 */
static const char *
command_line(void)
{
	static char	buf[LINE_MAX_LEN / 2] LARGE_ZEROED;
	char		q[LINE_MAX_LEN / 2];
	char *const	*w;
	size_t		 len = 0, n;

	buf[0] = '\0';
	for (w = msg.given + msg.ngiven; *w != NULL; w++) {
		n = shquote_word(*w, strlen(*w), q, sizeof q);
		if (len + n + 2 > sizeof buf)
			break;
		if (len != 0)
			buf[len++] = ' ';
		memcpy(buf + len, q, n);
		len += n;
		buf[len] = '\0';
	}
	return buf;
}

/* An attempt starts: said with -v; counted for the summary always. */
void
log_start(const struct log_attempt *a)
{
	struct line		ln;
	struct log_attempt	start;

	ln.len = 0;
	msg.run_started = a->attempt;	/* for a summary, at any verbosity */
	if (msg.verbosity < 1)
		return;
	if (msg.format == LOG_JSON) {
		start = *a;
		start.outcome = NULL;	/* not ended yet: no status */
		msg_json_head(&ln, "start", &start);
		if (a->timeout_ns != 0)
			msg_add(&ln, ",\"timeout_s\":%.6f",
			    duration_seconds(a->timeout_ns));
		if (msg.verbosity >= 2) {
			msg_add(&ln, ",\"command_line\":");
			msg_add_json(&ln, command_line());
		}
		msg_add(&ln, "}");
	} else {
		msg_attempt_text(&ln, a);
		msg_add(&ln, " starting after %.3fs",
		    duration_seconds(a->elapsed_ns));
		if (msg.verbosity >= 2)
			msg_add(&ln, ": %s", command_line());
	}
	msg_emit(&ln);
}

/*
 * -vv: how the backoff's sleep came, a line of its own after the retry's
 * (the sleep slept may be longer: a server's or the command's floor).
 */
static void
backoff_text(const struct log_attempt *a)
{
	const struct backoff_parts	*p = a->parts;
	struct line			 ln;
	char				 d[32], e[32];

	ln.len = 0;
	msg_add(&ln, "retry: %s: backoff %s", msg.label,
	    duration_format(p->sleep, d, sizeof d));
	if (p->jitter != JITTER_DECORRELATED) {
		msg_add(&ln, ": ceiling %s", duration_format(p->ceiling, d,
		    sizeof d));
		if (p->strategy == STRATEGY_LIST)
			msg_add(&ln, " (--delay, cap %s)",
			    duration_format(p->cap, e, sizeof e));
		else
			msg_add(&ln, " (base %s, cap %s)",
			    duration_format(p->base, d, sizeof d),
			    duration_format(p->cap, e, sizeof e));
	} else
		msg_add(&ln, ": base %s, cap %s", duration_format(p->base, d,
		    sizeof d), duration_format(p->cap, e, sizeof e));
	if (p->jitter == JITTER_NONE)
		msg_add(&ln, ", no jitter");
	else
		msg_add(&ln, ", jitter %s drew %s%.3f in %s..%s",
		    backoff_jitter_name(p->jitter),
		    p->jitter == JITTER_NORMAL ? "z=" : "", p->draw,
		    duration_format(p->lo, d, sizeof d),
		    duration_format(p->hi, e, sizeof e));
	msg_emit(&ln);
}

/* -vv, JSON: the same parts, as fields of the retry event. */
static void
backoff_json(struct line *ln, const struct backoff_parts *p)
{
	msg_add(ln, ",\"backoff_s\":%.6f,\"backoff_base_s\":%.6f,"
	    "\"backoff_cap_s\":%.6f", duration_seconds(p->sleep),
	    duration_seconds(p->base), duration_seconds(p->cap));
	if (p->jitter != JITTER_DECORRELATED)
		msg_add(ln, ",\"backoff_ceiling_s\":%.6f",
		    duration_seconds(p->ceiling));
	msg_add(ln, ",\"jitter\":\"%s\"", backoff_jitter_name(p->jitter));
	if (p->jitter != JITTER_NONE)
		msg_add(ln, ",\"jitter_draw\":%.6f,\"jitter_lo_s\":%.6f,"
		    "\"jitter_hi_s\":%.6f", p->draw, duration_seconds(p->lo),
		    duration_seconds(p->hi));
}

/*
 * After "retrying in N": what the server or the command asked for, and
 * the most --max-server-wait allowed when it asked for more.
 */
static void
wait_asked(struct line *ln, const struct log_attempt *a, const char *who,
    uint64_t asked, const char *header)
{
	char	d[32];

	msg_add(ln, " (the %s asked for %s", who,
	    duration_format(asked, d, sizeof d));
	if (header != NULL)
		msg_add(ln, " in %s", header);
	if (a->wait_cut && asked > a->wait_most_ns)
		msg_add(ln, "; --max-server-wait allows %s",
		    duration_format(a->wait_most_ns, d, sizeof d));
	msg_add(ln, ")");
}

/*
 * The reasons a retry's sleep is what it is, when it is not the
 * backoff's plain next: the server's and the command's words, and a
 * backoff that starts again after a long attempt (--reset-after).
 */
static void
retry_asked(struct line *ln, const struct log_attempt *a)
{
	char	d[32];

	if (a->retry_after_ns != 0)
		wait_asked(ln, a, "server", a->retry_after_ns,
		    is_retry_after(a) ? NULL : msg_wait_header(a));
	if (a->pushed == PUSHBACK_RETRY)
		msg_add(ln, " (the command asked to retry)");
	else if (a->pushed == PUSHBACK_DELAY)
		wait_asked(ln, a, "command", a->push_delay_ns, NULL);
	if (a->reset_ran_ns != 0)
		msg_add(ln, " (it ran %s: the backoff starts again)",
		    duration_format(a->reset_ran_ns, d, sizeof d));
}

/*
 * An attempt failed and the run retries after delay: a warning in CI's
 * log, and the head of the next attempt's fold.
 */
void
log_retry(const struct log_attempt *a, uint64_t delay)
{
	struct line	ln;
	char		d[32];

	ln.len = 0;
	msg_note_failed(a);
	if (msg.ci_folds) {
		msg_add(&ln, "attempt %llu failed (",
		    (unsigned long long)a->attempt);
		msg_attempt_outcome(&ln, a);
		msg_add(&ln, ")");
		snprintf(ci_after, sizeof ci_after, "%.*s", (int)ln.len,
		    ln.buf);
		ln.len = 0;
	}
	/* Held (--output=on-failure), the attempt's header says it. */
	if (msg.verbosity < 0 || (msg.held != NULL && msg.format == LOG_TEXT))
		return;
	if (msg.format == LOG_JSON) {
		msg_json_head(&ln, "retry", a);
		if (msg.verbosity >= 2 && a->parts != NULL)
			backoff_json(&ln, a->parts);
		if (a->reset_ran_ns != 0)
			msg_add(&ln, ",\"backoff_reset\":true,\"ran_s\":%.6f",
			    duration_seconds(a->reset_ran_ns));
		msg_add(&ln, ",\"delay_s\":%.6f}", duration_seconds(delay));
	} else {
		msg_attempt_text(&ln, a);
		msg_add(&ln, " failed (");
		msg_attempt_outcome(&ln, a);
		msg_add(&ln, "); retrying in %s",
		    duration_format(delay, d, sizeof d));
		retry_asked(&ln, a);
	}
	msg_emit_as(&ln, CI_WARNING);
	if (msg.format == LOG_TEXT && msg.verbosity >= 2 && a->parts != NULL)
		backoff_text(a);
}

/*
 * --successes: an attempt succeeded, short of N in a row; the next
 * starts after delay. Said with -v; in JSON by default, as a retry is,
 * since the run sleeps before its next attempt all the same.
 */
void
log_again(const struct log_attempt *a, uint64_t delay)
{
	struct line	ln;
	char		d[32];

	ln.len = 0;
	/* The head of the next attempt's fold says why it starts. */
	if (msg.ci_folds)
		snprintf(ci_after, sizeof ci_after, "attempt %llu succeeded "
		    "(%llu of %llu in a row)", (unsigned long long)a->attempt,
		    (unsigned long long)a->in_a_row,
		    (unsigned long long)a->successes);
	if (msg.verbosity < 0 || (msg.verbosity < 1 && msg.format == LOG_TEXT))
		return;
	if (msg.format == LOG_JSON) {
		msg_json_head(&ln, "success_in_a_row", a);
		if (msg.verbosity >= 2 && a->parts != NULL)
			backoff_json(&ln, a->parts);
		msg_add(&ln, ",\"delay_s\":%.6f}", duration_seconds(delay));
	} else {
		msg_attempt_text(&ln, a);
		msg_add(&ln, " succeeded (%llu of %llu in a row); next attempt "
		    "in %s", (unsigned long long)a->in_a_row,
		    (unsigned long long)a->successes,
		    duration_format(delay, d, sizeof d));
	}
	msg_emit(&ln);
	if (msg.format == LOG_TEXT && msg.verbosity >= 2 && a->parts != NULL)
		backoff_text(a);
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
	if (msg.verbosity < 0 || (msg.verbosity < 1 && msg.format == LOG_TEXT))
		return;
	if (msg.format == LOG_JSON) {
		start.outcome = NULL;
		msg_json_head(&ln, "hedge", &start);
		msg_add(&ln, ",\"newest\":%llu,\"after_s\":%.6f}",
		    (unsigned long long)newest, duration_seconds(ran));
	} else {
		msg_attempt_text(&ln, a);
		msg_add(&ln, " starting as a hedge: attempt %llu still running "
		    "after %s", (unsigned long long)newest,
		    duration_format(ran, d, sizeof d));
	}
	msg_emit(&ln);
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
	msg_note_failed(a);
	if (msg.verbosity < 0)
		return;
	if (msg.format == LOG_JSON) {
		msg_json_head(&ln, "retry", a);
		if (delay != UINT64_MAX)
			msg_add(&ln, ",\"delay_s\":%.6f",
			    duration_seconds(delay));
		msg_add(&ln, ",\"running\":%llu}", (unsigned long long)running);
		msg_emit(&ln);
		return;
	}
	msg_attempt_text(&ln, a);
	msg_add(&ln, " failed (");
	msg_attempt_outcome(&ln, a);
	if (delay == 0)
		msg_add(&ln, "); another copy starts at once");
	else if (delay != UINT64_MAX)
		msg_add(&ln, "); another copy starts in %s",
		    duration_format(delay, d, sizeof d));
	else
		msg_add(&ln, "); %llu other cop%s still running",
		    (unsigned long long)running, running == 1 ? "y" : "ies");
	msg_emit_as(&ln, CI_WARNING);
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
	if (msg.verbosity < 1)
		return;
	if (msg.format == LOG_JSON) {
		msg_json_open(&ln, "hedge_stopped");
		msg_add(&ln, ",\"attempt\":%llu,\"by\":%llu,\"won\":%s,"
		    "\"dropped_bytes\":%llu}", (unsigned long long)n,
		    (unsigned long long)by, won ? "true" : "false",
		    (unsigned long long)bytes);
	} else
		msg_add(&ln, "retry: %s: attempt %llu stopped: attempt %llu %s "
		    "(%llu bytes of output dropped)", msg.label,
		    (unsigned long long)n, (unsigned long long)by,
		    won ? "succeeded first" : "ended the run",
		    (unsigned long long)bytes);
	msg_emit(&ln);
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
	if (msg.verbosity < 0 || msg.format != LOG_TEXT || wake <= now)
		return;
	switch (what) {
	case SLEEP_BACKOFF:
		msg_add(&ln, "retry: %s: retrying in ", msg.label);
		break;
	case SLEEP_SPLAY:
		msg_add(&ln, "retry: %s: first attempt in ", msg.label);
		break;
	case SLEEP_TOKEN:
	case SLEEP_CIRCUIT:
		msg_attempt_text(&ln, a);
		msg_add(&ln, " held back by ");
		if (what == SLEEP_CIRCUIT)
			msg_add(&ln, "circuit %s (open)", a->budget);
		else
			msg_add(&ln, "retry budget %s (no token)", a->budget);
		/* No end but a success elsewhere: the seconds count up. */
		msg_add(&ln, wake >= LIVE_NO_END ? " for " : ", at most ");
		break;
	}
	(void)msg_seal(&ln, head, sizeof head);
	(void)live_begin(head, "", wake, now);
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
	if (msg.verbosity < 0 || (msg.verbosity < 1 && msg.format == LOG_TEXT))
		return;
	next.outcome = NULL;
	if (msg.format == LOG_JSON) {
		msg_json_head(&ln, "budget_wait", &next);
		msg_add(&ln, ",\"reason\":\"%s\",\"waited_s\":%.6f,"
		    "\"token_s\":%.6f,\"circuit_s\":%.6f,\"got\":%s,"
		    "\"limit_s\":", w->reason == HOLD_CIRCUIT ? "circuit" :
		    "token", duration_seconds(w->waited_ns),
		    duration_seconds(w->token_ns),
		    duration_seconds(w->circuit_ns), w->got ? "true" : "false");
		/* The longest it might have lasted; null: no limit. */
		if (w->limit_ns >= DURATION_MAX)
			msg_add(&ln, "null}");
		else
			msg_add(&ln, "%.6f}", duration_seconds(w->limit_ns));
	} else {
		msg_add(&ln, "retry: %s: attempt %llu held back %.3fs by ",
		    msg.label, (unsigned long long)a->attempt,
		    duration_seconds(w->waited_ns));
		if (w->circuit_ns != 0)
			msg_add(&ln, "circuit %s (open)", a->budget);
		if (w->circuit_ns != 0 && w->token_ns != 0)
			msg_add(&ln, " and ");
		if (w->token_ns != 0 || w->circuit_ns == 0)
			msg_add(&ln, "retry budget %s (no token)", a->budget);
		if (!w->got)
			msg_add(&ln, "; none came in time");
	}
	msg_emit(&ln);
}

/* A hook ended: say so when it failed (-v: always). */
void
log_hook(const char *name, uint64_t attempt, uint64_t elapsed,
    const struct outcome *o)
{
	struct line	ln;

	ln.len = 0;
	if (msg.verbosity < 0 || (msg.verbosity < 1 && o->status == 0 &&
	    o->kind == OUTCOME_EXITED))
		return;
	if (msg.format == LOG_JSON) {
		msg_json_open(&ln, "hook");
		msg_add(&ln, ",\"hook\":\"%s\",\"attempt\":%llu,\"status\":%d",
		    name, (unsigned long long)attempt, o->status);
		if (o->kind == OUTCOME_SIGNALED)
			msg_add(&ln, ",\"signal\":%d", o->signo);
		msg_add(&ln, ",\"elapsed_s\":%.6f}", duration_seconds(elapsed));
	} else {
		msg_add(&ln, "retry: %s: --%s hook ", msg.label, name);
		if (o->kind == OUTCOME_EXITED && o->status == 0)
			msg_add(&ln, "succeeded");
		else {
			msg_add(&ln, "failed (");
			msg_outcome_text(&ln, o, o->status, o->why);
			msg_add(&ln, ")");
		}
	}
	msg_emit(&ln);
}

/*
 * --output=on-failure: the header that attempt a's held output is
 * written under, should the run fail, into out (len bytes), with its
 * newline: "retry: NAME: attempt 2/5 failed (exit status 1)". Its
 * length; 0: none, under -q, or for a command that could not be run
 * (the give-up says so).
 */
size_t
log_held_header(const struct log_attempt *a, int failed, char *out,
    size_t len)
{
	struct line	ln;
	size_t		n;

	ln.len = 0;
	if (msg.verbosity < 0 || len < 2 ||
	    a->outcome->kind == OUTCOME_EXEC_FAILED)
		return 0;
	msg_attempt_text(&ln, a);
	msg_add(&ln, " %s (", failed ? "failed" : "succeeded");
	msg_attempt_outcome(&ln, a);
	msg_add(&ln, ")");
	n = msg_seal(&ln, out, len - 1);
	out[n++] = '\n';
	return n;
}

/*
 * --output=on-failure: bytes of held output could not be kept (errno
 * e): said after what was kept, whatever the verbosity, as an error is.
 */
void
log_held_cut(uint64_t bytes, int e)
{
	struct line	ln;

	ln.len = 0;
	if (msg.format == LOG_JSON) {
		msg_json_open(&ln, "held_cut");
		msg_add(&ln, ",\"cut_bytes\":%llu,\"error\":",
		    (unsigned long long)bytes);
		msg_add_json(&ln, strerror(e));
		msg_add(&ln, "}");
	} else
		msg_add(&ln, "retry: %s: %llu bytes of output held for "
		    "--output=on-failure were cut: %s", msg.label,
		    (unsigned long long)bytes, strerror(e));
	msg_emit(&ln);
}
