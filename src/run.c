/*
 * The retry loop. Each attempt's outcome is classified by the status lists;
 * a retried one sleeps the next backoff delay, in the event loop so that a
 * stop signal ends the sleep at once. No sleep follows the last attempt.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "duration.h"
#include "eventloop.h"
#include "exitcodes.h"
#include "log.h"
#include "run.h"
#include "runenv.h"
#include "supervise.h"

extern char **environ;

/* What to do after an attempt. */
enum verdict {
	VERDICT_SUCCESS,
	VERDICT_PERMANENT,
	VERDICT_RETRY,
};

/* Classify a status: success, then stop-on, then retry-on, in that order. */
static enum verdict
classify(const struct options *o, int status)
{
	if (statuslist_has(&o->success_on, status))
		return VERDICT_SUCCESS;
	if (statuslist_has(&o->stop_on, status))
		return VERDICT_PERMANENT;
	if (!o->retry_on_given || statuslist_has(&o->retry_on, status))
		return VERDICT_RETRY;
	return VERDICT_PERMANENT;
}

/* The sleep before retry n, from two fresh draws. */
static uint64_t
next_delay(const struct options *o, struct backoff_state *bs, uint64_t n,
    struct rng *rng)
{
	double	u = rng_uniform(rng), v = rng_uniform(rng);

	return backoff_next(&o->backoff, bs, n, u, v);
}

/*
 * An attempt that died of SIGINT or SIGQUIT was interrupted by the user
 * (Ctrl-C, Ctrl-\ reach the attempt's group, not retry's): stop as the
 * user asked, by dying of the same signal.
 */
static void
user_interrupt(const struct outcome *out)
{
	if (out->kind == OUTCOME_SIGNALED &&
	    (out->signo == SIGINT || out->signo == SIGQUIT))
		eventloop_die_of(out->signo);
}

/*
 * A spool that failed is an error of retry's (a short input must not be
 * replayed as if whole); a reader of stdout gone is SIGPIPE, as it would
 * be for cat.
 */
static int
io_failed(struct io *io)
{
	int	fd, e = io_error(io, &fd);

	if (e == EPIPE)
		eventloop_die_of(SIGPIPE);
	if (fd != -1)
		log_error("cannot write the attempt's output to standard %s: "
		    "%s", fd == STDOUT_FILENO ? "output" : "error",
		    strerror(e));
	else
		log_error("cannot keep the attempt's input or output: %s",
		    strerror(e));
	return EXIT_CANCELED;
}

/*
 * When to stop the attempt starting now: at its --timeout or at the
 * deadline, whichever comes first.
 */
static void
plan_stop(const struct options *o, struct stop_plan *p, uint64_t deadline)
{
	p->at = o->timeout != 0 ? eventloop_now() + o->timeout : 0;
	if (deadline != 0 && (p->at == 0 || deadline < p->at))
		p->at = deadline;
	p->kill_after = o->kill_after;
	p->signo = o->stop_signal;
}

/*
 * --splay: sleep uniform [0, splay] before the first attempt, so that cron
 * jobs of many machines do not all start on the same second. Not past the
 * deadline.
 */
static void
splay(const struct options *o, struct rng *rng, uint64_t deadline)
{
	uint64_t	wake;
	int		sig;

	if (o->splay == 0)
		return;
	wake = eventloop_now() +
	    (uint64_t)(rng_uniform(rng) * (double)o->splay);
	if (deadline != 0 && wake > deadline)
		wake = deadline;
	if ((sig = eventloop_sleep_until(wake)) != 0)
		eventloop_die_of(sig);
}

/* One run of retry: what every attempt and sleep needs. */
struct run {
	struct options		*o;
	struct rng		*rng;
	uint64_t		 start;
	uint64_t		 deadline;	/* 0: none */
	struct supervise	 sup;
	struct runenv		 env;
	struct io		 io;
	struct io		 hook_io;	/* stdin null, stdout to stderr */
	struct backoff_state	 bs;
	struct outcome		 out;
	struct log_attempt	 la;
	int			 prev;		/* status; -1 before the first */
};

#define GO_ON (-1)

static int	give_up(struct run *, const char *, int);

/*
 * Before an attempt or a hook writes to the same stderr: let retry's
 * messages go first, while the reader takes them (a stalled one is not
 * waited for), and not past the deadline.
 */
static void
settle_messages(struct run *r)
{
	eventloop_flush_sinks(r->deadline);
	if (eventloop_signal() != 0)
		eventloop_die_of(eventloop_signal());
}

/* Start attempt n: GO_ON once it runs, else retry's exit status. */
static int
attempt_start(struct run *r, uint64_t n)
{
	const struct options	*o = r->o;
	int			 st;

	/* Messages speak of the last attempt that ran, never of this one. */
	if (r->deadline != 0 && eventloop_now() >= r->deadline) {
		r->la.elapsed_ns = eventloop_now() - r->start;
		if (n == 1)
			return give_up(r, "deadline-first", EXIT_TIMEDOUT);
		return give_up(r, "deadline", r->prev);
	}
	r->la.attempt = n;
	r->la.elapsed_ns = eventloop_now() - r->start;
	runenv_set(&r->env, n, r->la.elapsed_ns, r->prev);
	log_start(&r->la);
	settle_messages(r);
	if (io_prepare(&r->io) == -1) {
		log_error("cannot set up the attempt's input and output: %s",
		    strerror(errno));
		return EXIT_CANCELED;
	}
	st = supervise_start(&r->sup, o->command, runenv_envp(&r->env),
	    &r->io, &r->out);
	if (st == -1) {
		log_error("cannot start %s: %s", o->command[0],
		    strerror(errno));
		return EXIT_CANCELED;
	}
	if (st == 1) {
		io_ended(&r->io);
		io_deliver(&r->io, 0);	/* nothing was written: no wait */
		log_exec_failed(&r->la, o->command[0]);
		return give_up(r, NULL, r->out.status);
	}
	return GO_ON;
}

/*
 * The verdict on an ended attempt, with the conditions on its output: a
 * success with a --fail-if-output line is a failure (status 1) that is
 * retried; a failure with a --stop-if-output line, or without a
 * --retry-if-output line when that is given, is permanent; else the status
 * lists decide.
 */
static enum verdict
verdict(struct run *r)
{
	struct conditions	*c = &r->o->cond;
	struct outcome		*out = &r->out;
	enum verdict		 v = classify(r->o, out->status);

	if (v == VERDICT_SUCCESS) {
		if (!cond_matched(c, COND_FAIL_IF))
			return v;
		out->why = "output matched --fail-if-output";
		out->status = 1;
		return VERDICT_RETRY;
	}
	if (cond_matched(c, COND_STOP_IF)) {
		out->why = "output matched --stop-if-output";
		return VERDICT_PERMANENT;
	}
	if (cond_given(c, COND_RETRY_IF) && !cond_matched(c, COND_RETRY_IF)) {
		out->why = "no output matched --retry-if-output";
		return VERDICT_PERMANENT;
	}
	return v;
}

/*
 * Run a hook with /bin/sh -c, in a process group of its own like an
 * attempt, stdin from /dev/null and stdout to retry's stderr; it is
 * stopped at the deadline. Its status is reported and changes nothing.
 */
static void
run_hook(struct run *r, const char *name, const char *cmd)
{
	char			sh[] = "/bin/sh", dash_c[] = "-c";
	char		       *argv[] = { sh, dash_c, (char *)cmd, NULL };
	struct stop_plan	plan;
	struct outcome		out;
	int			st, sig;

	if (r->deadline != 0 && eventloop_now() >= r->deadline)
		return;		/* it would be stopped at once */
	settle_messages(r);
	if (io_prepare(&r->hook_io) == -1) {
		log_error("cannot run the %s hook: %s", name, strerror(errno));
		return;
	}
	st = supervise_start(&r->sup, argv, runenv_envp(&r->env),
	    &r->hook_io, &out);
	if (st == -1) {
		log_error("cannot run the %s hook: %s", name, strerror(errno));
		return;
	}
	if (st == 0) {
		plan_stop(r->o, &plan, r->deadline);
		plan.at = r->deadline;	/* no --timeout: that is an attempt's */
		if ((sig = supervise_wait(&r->sup, &plan, &r->hook_io,
		    &out)) > 0)
			eventloop_die_of(sig);
	}
	io_ended(&r->hook_io);
	log_hook(name, &out);
}

/*
 * Give up with status st: say why (NULL: said already), run --on-give-up,
 * return st.
 */
static int
give_up(struct run *r, const char *why, int st)
{
	if (why != NULL)
		log_give_up(&r->la, why);
	if (r->o->on_give_up != NULL) {
		runenv_hook(&r->env, r->out.status, NULL, r->la.attempt);
		run_hook(r, "on-give-up", r->o->on_give_up);
	}
	return st;
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
	out->why = "its output was not read in time";
}

/*
 * Deliver the ended attempt's output (the rest passed through, then what
 * was held), bounded by its time limit; then the verdict. Returns GO_ON,
 * or retry's exit status when it cannot go on.
 */
static int
attempt_output(struct run *r, const struct stop_plan *plan, enum verdict *v)
{
	int	d, success;

	io_ended(&r->io);
	if ((d = io_deliver(&r->io, plan->at)) == -1 || r->io.error != 0)
		return io_failed(&r->io);
	if (d == IO_LATE && eventloop_signal() == 0)
		output_late(&r->out);
	*v = verdict(r);
	success = eventloop_signal() == 0 && *v == VERDICT_SUCCESS;
	io_release(&r->io, success);
	if ((d = io_deliver(&r->io, plan->at)) == -1)
		return io_failed(&r->io);
	/* Held output cut short: a second copy must not follow it. */
	if (d == IO_LATE && success && eventloop_signal() == 0) {
		output_late(&r->out);
		r->prev = r->out.status;
		r->la.elapsed_ns = eventloop_now() - r->start;
		return give_up(r, "output", EXIT_TIMEDOUT);
	}
	return GO_ON;
}

/* Run attempt n to its end: GO_ON to retry it, else the exit status. */
static int
attempt(struct run *r, uint64_t n)
{
	struct stop_plan	plan;
	enum verdict		v = VERDICT_RETRY;
	int			st, sig;

	if ((st = attempt_start(r, n)) != GO_ON)
		return st;
	plan_stop(r->o, &plan, r->deadline);
	/* A stop signal it returns is acted on below, after the output. */
	if (supervise_wait(&r->sup, &plan, &r->io, &r->out) == -1) {
		log_error("cannot wait for %s: %s", r->o->command[0],
		    strerror(errno));
		return EXIT_CANCELED;
	}
	if ((st = attempt_output(r, &plan, &v)) != GO_ON)
		return st;
	/* Received during the attempt, or while its output went out. */
	if ((sig = eventloop_signal()) != 0)
		eventloop_die_of(sig);
	r->la.elapsed_ns = eventloop_now() - r->start;
	user_interrupt(&r->out);
	r->prev = r->out.status;
	if (r->out.kind == OUTCOME_TIMEDOUT && r->deadline != 0 &&
	    eventloop_now() >= r->deadline)
		return give_up(r, "deadline", EXIT_TIMEDOUT);
	if (v == VERDICT_SUCCESS) {
		log_success(&r->la);
		return r->out.status;
	}
	if (v == VERDICT_PERMANENT)
		return give_up(r, "permanent", r->out.status);
	if (r->o->attempts != 0 && n >= r->o->attempts)
		return give_up(r, "attempts", r->out.status);
	return GO_ON;
}

/*
 * Sleep before retry n: GO_ON after it, or the last status when the sleep
 * would end at or after the deadline (then it is not taken at all). The
 * --on-retry hook runs first; its time counts as part of the sleep.
 */
static int
pause_before(struct run *r, uint64_t n)
{
	uint64_t	delay, wake;
	int		sig;

	delay = next_delay(r->o, &r->bs, n, r->rng);
	wake = eventloop_now() + delay;
	if (r->deadline != 0 && wake >= r->deadline)
		return give_up(r, "deadline", r->out.status);
	log_retry(&r->la, delay);
	if (r->o->on_retry != NULL) {
		runenv_hook(&r->env, r->out.status, &delay, 0);
		run_hook(r, "on-retry", r->o->on_retry);
	}
	if ((sig = eventloop_sleep_until(wake)) != 0)
		eventloop_die_of(sig);
	return GO_ON;
}

/* Set up signals, the terminal, stdin and the environment. */
static int
run_setup(struct run *r)
{
	struct options	*o = r->o;

	if (io_guard_stdfds() == -1) {
		log_error("cannot open /dev/null: %s", strerror(errno));
		return -1;
	}
	if (runenv_init(&r->env, environ, o->attempts) == -1) {
		log_error("cannot set up the environment: %s",
		    strerror(errno));
		return -1;
	}
	if (getenv("RETRY_RUN_ID") != NULL)
		log_nested(o->attempts != 0 ? o->attempts : DEFAULT_ATTEMPTS);
	if (eventloop_init() == -1 ||
	    supervise_init(&r->sup, o->foreground) == -1) {
		log_error("cannot set up signal handling: %s",
		    strerror(errno));
		return -1;
	}
	if (io_init(&r->io, o->stdin_mode, o->stdout_mode, &o->cond) == -1 ||
	    ((o->on_retry != NULL || o->on_give_up != NULL) &&
	    io_init(&r->hook_io, STDIN_NULL, STDOUT_STREAM, NULL) == -1)) {
		log_error("cannot set up standard input: %s", strerror(errno));
		return -1;
	}
	r->hook_io.stdout_to_stderr = 1;
	if (r->io.replay_tty)
		log_notice("--stdin=replay: standard input is a terminal, "
		    "which cannot be replayed; each attempt reads it as it is");
	backoff_start(&o->backoff, &r->bs);
	r->deadline = o->deadline != 0 ? r->start + o->deadline : 0;
	r->prev = -1;
	r->la.max_attempts = o->attempts;
	r->la.outcome = &r->out;
	return 0;
}

/*
 * Run the attempts until one succeeds, a status is permanent, or the
 * attempts or the time are used up. Returns retry's exit status; dies of a
 * stop signal that it receives.
 */
int
run_attempts(struct options *o, struct rng *rng, uint64_t start)
{
	struct run	r;
	uint64_t	n;
	int		st;

	memset(&r, 0, sizeof r);
	r.o = o;
	r.rng = rng;
	r.start = start;
	if (run_setup(&r) == -1) {
		eventloop_flush_sinks(0);
		return EXIT_CANCELED;
	}
	splay(o, rng, r.deadline);
	for (n = 1;; n++) {
		if ((st = attempt(&r, n)) != GO_ON)
			break;
		if ((st = pause_before(&r, n)) != GO_ON)
			break;
	}
	io_free(&r.io);
	if (o->on_retry != NULL || o->on_give_up != NULL)
		io_free(&r.hook_io);	/* set up only for hooks */
	supervise_close(&r.sup);
	runenv_free(&r.env);
	/* The last messages, while the reader takes them. */
	eventloop_flush_sinks(r.deadline);
	if (eventloop_signal() != 0)
		eventloop_die_of(eventloop_signal());
	return st;
}

/* Rows a dry run prints when attempts are unlimited. */
#define DRY_UNLIMITED_ROWS 100

/* Add b to *a, saturating at DURATION_MAX. */
static void
add_sat(uint64_t *a, uint64_t b)
{
	*a = *a > DURATION_MAX - b ? DURATION_MAX : *a + b;
}

/*
 * Print the schedule: for each retry n its ceiling, the range the jitter
 * can give, one sampled sleep and the worst-case time slept so far.
 */
int
run_dry(const struct options *o, struct rng *rng)
{
	struct backoff_state	bs, worst;
	uint64_t		n, rows, lo, hi, wlo, whi, sleep, total = 0;
	char			c[80], l[32], h[32], s[32], t[32];

	rows = o->attempts == 0 ? DRY_UNLIMITED_ROWS : o->attempts - 1;
	backoff_start(&o->backoff, &bs);
	backoff_start(&o->backoff, &worst);
	printf("%-6s  %10s  %21s  %10s  %12s\n", "retry", "ceiling",
	    "range", "sample", "worst total");
	for (n = 1; n <= rows; n++) {
		backoff_range(&o->backoff, &bs, n, &lo, &hi);
		backoff_range(&o->backoff, &worst, n, &wlo, &whi);
		worst.prev = whi;
		add_sat(&total, whi);
		sleep = next_delay(o, &bs, n, rng);
		duration_format(lo, l, sizeof l);
		duration_format(hi, h, sizeof h);
		snprintf(c, sizeof c, "%s..%s", l, h);
		printf("%-6llu  %10s  %21s  %10s  %12s\n",
		    (unsigned long long)n,
		    duration_format(backoff_ceiling(&o->backoff, n), l,
		    sizeof l), c, duration_format(sleep, s, sizeof s),
		    duration_format(total, t, sizeof t));
	}
	if (rows == 0)
		printf("(one attempt: no retry, no sleep)\n");
	if (o->attempts == 0)
		printf("(no limit on attempts: the first %d retries shown)\n",
		    DRY_UNLIMITED_ROWS);
	return 0;
}
