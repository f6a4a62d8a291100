/* SPDX-License-Identifier: ISC */
/*
 * One attempt, step by step: set up its input and output, start it in a
 * process group of its own, wait for it until its time limit, deliver
 * its output, and take the verdict once that is out (verdict.c). Each
 * step says what failed and returns -1; signals are the caller's to act
 * on, between steps.
 */
#include "config.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "policy/exitcodes.h"
#include "proc/eventloop.h"
#include "report/log.h"
#include "run/attempt.h"

/* An attempt's path, made once; -1 with errno when it cannot be. */
int
attempt_init(struct attempt *a, const struct io *io)
{
	memset(a, 0, sizeof *a);
	return io_path_init(io, &a->path);
}

/*
 * A fresh attempt, stopped at its --timeout or at the deadline. Its path
 * stays, its spool's file made once for one attempt after another.
 */
void
attempt_begin(struct attempt *a, uint64_t number, uint64_t timeout,
    const struct stop_plan *at_deadline)
{
	memset(&a->ticket, 0, sizeof a->ticket);
	memset(&a->out, 0, sizeof a->out);
	memset(&a->matches, 0, sizeof a->matches);
	memset(&a->http, 0, sizeof a->http);
	memset(&a->v, 0, sizeof a->v);
	a->number = number;
	a->timeout = timeout;
	a->plan = *at_deadline;
}

/* From now: at its --timeout or at the deadline, whichever comes first. */
static void
plan_stop(struct attempt *a)
{
	uint64_t	deadline = a->plan.at;

	a->plan.at = a->timeout != 0 ? eventloop_now() + a->timeout : 0;
	if (deadline != 0 && (a->plan.at == 0 || deadline < a->plan.at))
		a->plan.at = deadline;
}

/*
 * Start the attempt: 0 while it runs, 1 when the command could not be run
 * (it has ended: its outcome says how), -1 when retry could not start it
 * (said).
 */
int
attempt_start(struct attempt *a, struct supervise *sup, struct io *io,
    char **argv, char **envp)
{
	int	st;

	if (io_prepare(io, &a->path, &a->matches, &a->http) == -1) {
		log_error("cannot set up the attempt's input and output: %s",
		    strerror(errno));
		return -1;
	}
	/* What it writes itself, a part of a line too, retry cannot see. */
	log_child_writes((io_writes_stdout(io, &a->path) ? LOG_CHILD_STDOUT :
	    LOG_CHILD_PIPED) | (io_writes_stderr(io, &a->path) ?
	    LOG_CHILD_STDERR : LOG_CHILD_PIPED));
	if ((st = supervise_start(sup, &a->child, argv, envp, io, &a->path,
	    &a->out)) == -1) {
		log_error("cannot start %s: %s", argv[0], strerror(errno));
		return -1;
	}
	if (st == 0)
		plan_stop(a);
	return st;
}

/*
 * Run the attempt until it ends (a command that cannot be run ends at
 * once, its outcome says how); -1 when retry could not run it. A stop
 * signal received meanwhile is acted on once its output is out.
 */
int
attempt_run(struct attempt *a, struct supervise *sup, struct io *io,
    char **argv, char **envp)
{
	int	st;

	if ((st = attempt_start(a, sup, io, argv, envp)) != 0)
		return st == 1 ? 0 : -1;
	if (supervise_wait(sup, &a->child, &a->plan, io, &a->path,
	    &a->out) == -1) {
		log_error("cannot wait for %s: %s", argv[0], strerror(errno));
		return -1;
	}
	return 0;
}

/*
 * Say why the attempt's input or output failed (io_error). A spool that
 * failed is an error of retry's (a short input must not be replayed as if
 * whole), and so is output, held or passed through, that could not be
 * written; a reader of held output gone is SIGPIPE, as it would be for
 * cat: returned for retry to die of, unsaid. Else 0.
 */
int
attempt_io_error(const struct attempt *a, const struct io *io)
{
	int	fd, e = io_error(io, &a->path, &fd);

	if (e == EPIPE)
		return SIGPIPE;
	if (fd != -1)
		log_error("cannot write the attempt's output to standard %s: "
		    "%s", fd == STDOUT_FILENO ? "output" : "error",
		    strerror(e));
	else
		log_error("cannot keep the attempt's input or output: %s",
		    strerror(e));
	return 0;
}

/*
 * Output that could not be delivered by the attempt's time limit: the
 * attempt counts as timed out, as it would have been had it written to
 * the stalled reader itself.
 */
static void
output_late(struct outcome *out)
{
	out->kind = OUTCOME_TIMEDOUT;
	out->status = EXIT_TIMEDOUT;
	out->why = VERDICT_LATE_WHY;
}

/*
 * The attempt ended: deliver the rest of the output it passed through,
 * bounded by its time limit, so that what the output showed is whole.
 * -1: a spool or a write failed (io_error says which).
 */
int
attempt_output(struct attempt *a, struct io *io)
{
	int	d;

	io_ended(io, &a->path);
	if ((d = io_deliver(io, &a->path, a->plan.at)) == -1 ||
	    io_error(io, &a->path, NULL) != 0)
		return -1;
	if (d == IO_LATE && eventloop_signal() == 0)
		output_late(&a->out);
	return 0;
}

/* Say under -v what the HTTP head held that was ignored. */
static void
http_ignored(const struct http_seen *h)
{
	if (h->bad_retry_after)
		log_detail("a Retry-After that is neither seconds nor an "
		    "HTTP-date was ignored");
	if (h->bad_ratelimit)
		log_detail("a malformed rate-limit header (RateLimit, "
		    "RateLimit-Reset, X-RateLimit-Reset or -Remaining) was "
		    "ignored");
}

/*
 * Let held output go (to stdout for a success, else to stderr), bounded
 * by the attempt's time limit, and take the verdict once it is out: that
 * time counts against the deadline. in holds where the run stands; the
 * attempt fills in the rest. -1: a spool or a write failed.
 */
int
attempt_verdict(struct attempt *a, struct io *io,
    const struct verdict_policy *policy, struct verdict_input *in)
{
	int	d;

	http_ignored(&a->http);
	in->out = &a->out;
	in->matches = &a->matches;
	in->http = &a->http;
	in->attempt = a->number;
	in->ended = eventloop_now();
	io_release(io, &a->path, eventloop_signal() == 0 &&
	    verdict_success(policy, in));
	if ((d = io_deliver(io, &a->path, a->plan.at)) == -1)
		return -1;
	in->held_late = d == IO_LATE && eventloop_signal() == 0;
	in->now = eventloop_now();
	verdict_decide(policy, in, &a->v);
	if (in->held_late && a->v.kind != VERDICT_INTERRUPTED)
		output_late(&a->out);
	return 0;
}

/*
 * --http: say once a run (*told) that a failed attempt's output held no
 * HTTP status line, so that its exit status decided: curl prints none
 * unless told to, and a 404 would be retried as any failure.
 */
void
attempt_http_unseen(const struct attempt *a,
    const struct verdict_policy *policy, int *told)
{
	const char	*name = log_command_name();
	char		 msg[1024];

	if (*told || policy->http == NULL || a->out.kind != OUTCOME_EXITED ||
	    a->v.kind == VERDICT_INTERRUPTED ||
	    !http_heads_unseen(&a->http, a->out.status, name))
		return;
	*told = 1;
	if (strcmp(name, "curl") == 0)
		snprintf(msg, sizeof msg, "--http: no HTTP status line in "
		    "curl's output: add -D /dev/stderr (or -i); going by its "
		    "exit status (%d)", a->out.status);
	else
		snprintf(msg, sizeof msg, "--http: no HTTP status line in "
		    "%s's output (curl -D /dev/stderr, wget -S and "
		    "http --print=h print one); going by its exit status (%d)",
		    name, a->out.status);
	log_notice(msg);
}

/*
 * What a message tells of the attempt, ended: its verdict's status, why,
 * and what the server and the command asked.
 */
void
attempt_tell(const struct attempt *a, struct log_attempt *la)
{
	la->outcome = &a->out;
	la->status = a->v.status;
	la->why = a->v.why;
	la->http_status = a->v.http_status;
	la->retry_after_ns = a->v.retry_after;
	la->retry_after_from = http_wait_name(a->v.retry_after_from);
	la->pushed = a->v.pushed;
	la->push_delay_ns = a->v.push_delay;
	la->uncounted = a->v.uncounted;
	la->in_a_row = a->v.in_a_row;
	la->wait_cut = a->v.wait_cut;
	la->wait_most_ns = a->v.wait_most;
	la->timeout_ns = a->timeout;
}

void
attempt_free(struct attempt *a)
{
	io_path_free(&a->path);
}
