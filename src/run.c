/* SPDX-License-Identifier: ISC */
/*
 * The retry loop: start an attempt, deliver its output, take the verdict
 * (verdict.c) and act on it; a retried attempt is followed by a sleep in
 * the event loop, so that a stop signal ends the sleep at once. No sleep
 * follows the last attempt. The options are read, never written; what an
 * attempt leaves is the loop's own.
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
#include "live.h"
#include "log.h"
#include "run.h"
#include "runenv.h"
#include "store.h"
#include "supervise.h"
#include "verdict.h"

extern char **environ;

/* What one attempt left: the loop's, rewritten for each attempt. */
struct attempt_result {
	struct outcome		out;
	struct cond_matches	matches;
	struct http_seen	http;		/* --http: the heads read */
	double			spread;		/* a draw for Retry-After */
	struct verdict		v;
	uint64_t		decided_at;	/* when v was taken */
};

/* One run of retry: what every attempt and sleep needs. */
struct run {
	const struct options	*o;
	struct rng		*rng;
	uint64_t		 start;
	uint64_t		 deadline;	/* 0: none */
	struct verdict_policy	 policy;
	struct supervise	 sup;
	struct child		 child;		/* the attempt's group */
	struct runenv		 env;
	struct io		 io;
	struct io_path		 path;		/* the attempt's pipes, spool */
	struct io		 hook_io;	/* stdin null, stdout to stderr */
	struct io_path		 hook_path;
	int			 hooks;		/* hook_io is set up */
	struct backoff_state	 bs;
	uint64_t		 made;		/* attempts started */
	int			 prev;		/* status; -1 before the first */
	struct attempt_result	 a;
	struct store		*store;		/* --budget; NULL: none left */
	struct budget_grant	 grant;		/* the store's last answer */
	int			 took;		/* the attempt took a token */
};

#define GO_ON (-1)

/*
 * The last attempt as messages tell of it; ended: with its outcome and
 * the verdict's status and reason.
 */
static struct log_attempt
told(const struct run *r, int ended)
{
	struct log_attempt	la;

	memset(&la, 0, sizeof la);
	la.attempt = r->made;
	la.max_attempts = r->o->attempts;
	la.elapsed_ns = eventloop_now() - r->start;
	if (r->o->budget != NULL) {
		la.budget = r->o->budget;
		la.tokens = r->grant.tokens;
		la.circuit = r->grant.circuit;
		la.circuit_ns = r->grant.wait;
	}
	if (ended) {
		la.outcome = &r->a.out;
		la.status = r->a.v.status;
		la.why = r->a.v.why;
		la.http_status = r->a.v.http_status;
		la.retry_after_ns = r->a.v.retry_after;
	}
	return la;
}

/* The sleep before retry n, from two fresh draws. */
static uint64_t
next_delay(struct run *r, uint64_t n)
{
	double	u = rng_uniform(r->rng), v = rng_uniform(r->rng);

	return backoff_next(&r->o->backoff, &r->bs, n, u, v);
}

/*
 * A spool that failed is an error of retry's (a short input must not be
 * replayed as if whole), and so is output, held or passed through, that
 * could not be written; a reader of held output gone is SIGPIPE, as it
 * would be for cat.
 */
static int
io_failed(const struct io *io, const struct io_path *p)
{
	int	fd, e = io_error(io, p, &fd);

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
 * Sleep until wake. A line that counts down on the terminal (live.c) is
 * redrawn as its seconds change; a stop signal ends the sleep and the
 * run (eventloop_die_of ends the line).
 */
static void
sleep_until(uint64_t wake)
{
	uint64_t	t;
	int		sig;

	for (;;) {
		t = live_next(eventloop_now());
		if (t == 0 || t > wake)
			t = wake;
		if ((sig = eventloop_sleep_until(t)) != 0)
			eventloop_die_of(sig);
		/* A wait for the store sleeps in short steps: each may tick. */
		live_tick(eventloop_now());
		if (eventloop_now() >= wake)
			return;
	}
}

/*
 * --splay: sleep uniform [0, splay] before the first attempt, so that cron
 * jobs of many machines do not all start on the same second. Shorter than
 * the deadline (options.c sees to it), and not past it.
 */
static void
splay(const struct run *r)
{
	struct log_attempt	la;
	uint64_t		wake;

	if (r->o->splay == 0)
		return;
	wake = eventloop_now() +
	    (uint64_t)(rng_uniform(r->rng) * (double)r->o->splay);
	/* The deadline counts from retry's start, a little before now. */
	if (r->deadline != 0 && wake > r->deadline)
		wake = r->deadline;
	la = told(r, 0);
	log_sleep_live(&la, "splay", wake, eventloop_now());
	sleep_until(wake);
	live_end();
}

/*
 * Before an attempt or a hook writes to the same stderr: let retry's
 * messages go first, while the reader takes them (a stalled one is not
 * waited for), and not past the deadline.
 */
static void
settle_messages(const struct run *r)
{
	eventloop_flush_sinks(r->deadline);
	if (eventloop_signal() != 0)
		eventloop_die_of(eventloop_signal());
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
	struct child		c;		/* the hook's group */
	int			st, sig;

	if (r->deadline != 0 && eventloop_now() >= r->deadline)
		return;		/* it would be stopped at once */
	settle_messages(r);
	if (io_prepare(&r->hook_io, &r->hook_path, NULL, NULL) == -1) {
		log_error("cannot run the %s hook: %s", name, strerror(errno));
		return;
	}
	live_fresh(0);	/* the hook may write a part of a line */
	st = supervise_start(&r->sup, &c, argv, runenv_envp(&r->env),
	    &r->hook_io, &r->hook_path, &out);
	if (st == -1) {
		log_error("cannot run the %s hook: %s", name, strerror(errno));
		return;
	}
	if (st == 0) {
		plan_stop(r->o, &plan, r->deadline);
		plan.at = r->deadline;	/* no --timeout: that is an attempt's */
		if ((sig = supervise_wait(&r->sup, &c, &plan, &r->hook_io,
		    &r->hook_path, &out)) > 0)
			eventloop_die_of(sig);
	}
	io_ended(&r->hook_io, &r->hook_path);
	/* After the attempt it follows; elapsed since retry's start. */
	log_hook(name, r->made, eventloop_now() - r->start, &out);
}

/*
 * Give up with status st: say why (NULL: said already), run --on-give-up,
 * return st.
 */
static int
give_up(struct run *r, const char *why, int st)
{
	struct log_attempt	la = told(r, r->made > 0);

	if (why != NULL)
		log_give_up(&la, why);
	if (r->o->on_give_up != NULL) {
		runenv_hook(&r->env, r->made > 0 ? r->a.v.status : st, NULL,
		    r->made);
		run_hook(r, "on-give-up", r->o->on_give_up);
	}
	return st;
}

/* Say what the store left to say; drop a store that failed (fail open). */
static void
store_heard(struct run *r, int failed)
{
	const char	*w;
	char		 msg[4608];

	if ((w = store_take_warning(r->store)) != NULL) {
		snprintf(msg, sizeof msg, "warning: %s", w);
		log_notice(msg);
	}
	if (!failed)
		return;
	snprintf(msg, sizeof msg, "warning: budget %s cannot be used (%s); "
	    "going on without it", r->o->budget, store_error(r->store));
	log_notice(msg);
	store_close(r->store);
	r->store = NULL;
	memset(&r->grant, 0, sizeof r->grant);
}

/* The circuit is open: give up now (status 75 when no attempt ran). */
static int
circuit_open(struct run *r)
{
	struct log_attempt	la;

	if (r->made > 0)
		return give_up(r, "circuit", r->prev);
	la = told(r, 0);
	la.attempt = 0;
	log_circuit_first(&la);
	return EXIT_TEMPFAIL;
}

/* A wait for the store ended: say how long it held the attempt back. */
static void
waited(struct run *r, struct log_wait *w, uint64_t since, int got)
{
	struct log_attempt	la = told(r, 0);

	la.attempt = r->made + 1;
	w->waited_ns = eventloop_now() - since;
	w->got = got;
	log_budget_wait(&la, w);
}

/*
 * Sleep until wake, counting the time to the wait's reason; a stop
 * signal ends the run as during a backoff sleep.
 */
static void
store_sleep(struct log_wait *w, uint64_t wake)
{
	uint64_t	from = eventloop_now();

	sleep_until(wake);
	if (w->reason != NULL && strcmp(w->reason, "token") == 0)
		w->token_ns += eventloop_now() - from;
	else
		w->circuit_ns += eventloop_now() - from;
}

/*
 * The budget's word before an attempt (verdict_admit decides): GO_ON to
 * start it, else retry's exit status. A wait's stretch is drawn only
 * when the store did not say go (a wait, or the end of the run), so that
 * --seed schedules stay as they were.
 */
static int
gate(struct run *r)
{
	struct log_wait		w = { NULL, 0, 0, 0, 0, 0 };
	struct admit_input	in;
	struct admit		a;
	struct log_attempt	la;
	uint64_t		since = eventloop_now();
	const char		*shown = NULL, *why;
	int			failed;

	r->took = 0;
	memset(&in, 0, sizeof in);
	in.grant = &r->grant;
	in.first = r->made == 0;
	in.deadline = r->deadline;
	in.until = r->o->budget_wait < DURATION_MAX - since ?
	    since + r->o->budget_wait : DURATION_MAX;
	/* The longest the wait may last, for its event. */
	w.limit_ns = r->deadline != 0 && r->deadline < in.until ?
	    (r->deadline > since ? r->deadline - since : 0) :
	    in.until == DURATION_MAX ? DURATION_MAX : in.until - since;
	while (r->store != NULL) {
		failed = store_admit(r->store, in.first, &r->grant) == -1;
		if (failed && eventloop_signal() != 0)
			eventloop_die_of(eventloop_signal());
		store_heard(r, failed);
		if (failed)
			break;
		in.now = eventloop_now();
		in.u = r->grant.answer != BUDGET_GO ? rng_uniform(r->rng) : 0;
		verdict_admit(&in, &a);
		if (a.reason != NULL)
			w.reason = a.reason;
		switch (a.kind) {
		case ADMIT_GO:
			r->took = !in.first;
			if (w.reason != NULL)
				waited(r, &w, since, 1);
			return GO_ON;
		case ADMIT_CIRCUIT:
			if (w.token_ns + w.circuit_ns != 0)
				waited(r, &w, since, 0);
			return circuit_open(r);
		case ADMIT_EXHAUSTED:
			waited(r, &w, since, 0);
			return give_up(r, "budget", r->prev);
		case ADMIT_WAIT:
			/* The count, anew when its reason changed, or it went. */
			why = a.reason != NULL ? a.reason : "token";
			if (shown == NULL || !live_active() ||
			    strcmp(shown, why) != 0) {
				la = told(r, 0);
				la.attempt = r->made + 1;
				/* A count up counts from the wait's start. */
				log_sleep_live(&la, why, a.until,
				    a.until >= LIVE_NO_END ? since : in.now);
				shown = why;
			}
			store_sleep(&w, a.wake);
			break;
		}
	}
	/* The store failed: the run goes on without it. */
	if (w.reason != NULL)
		waited(r, &w, since, 1);
	return GO_ON;
}

/* How the attempt ended, for the budget and the breaker. */
static void
report(struct run *r)
{
	enum budget_result	res = BUDGET_NEUTRAL;
	const struct verdict	*v = &r->a.v;
	int			 failed;

	/*
	 * An attempt that a stop signal ended says nothing of the service;
	 * a probe's slot ends with its DURATION.
	 */
	if (r->store == NULL || eventloop_signal() != 0)
		return;
	if (v->kind == VERDICT_INTERRUPTED)
		res = BUDGET_NEUTRAL;
	else if (v->kind == VERDICT_SUCCESS)
		res = BUDGET_SUCCESS;
	else if (v->kind == VERDICT_RETRY || (v->kind == VERDICT_GIVE_UP &&
	    v->end != END_EXEC && v->end != END_PERMANENT))
		res = BUDGET_FAILURE;
	failed = store_report(r->store, res, r->took, r->grant.probe) == -1;
	if (failed && eventloop_signal() != 0)
		return;		/* the run dies of it next */
	store_heard(r, failed);
}

/*
 * Start the next attempt: GO_ON once it has ended (or could not be run),
 * else retry's exit status. No attempt starts after the deadline.
 */
static int
attempt_run(struct run *r, struct stop_plan *plan)
{
	struct log_attempt	la;
	int			st;

	if (r->deadline != 0 && eventloop_now() >= r->deadline) {
		/* Messages speak of the last attempt that ran, if any. */
		if (r->made == 0)
			return give_up(r, "deadline-first", EXIT_TIMEDOUT);
		return give_up(r, "deadline", r->prev);
	}
	st = gate(r);
	live_end();	/* a wait that counted down is over */
	if (st != GO_ON)
		return st;
	/* A token that came at the deadline starts nothing. */
	if (r->deadline != 0 && eventloop_now() >= r->deadline) {
		if (r->store != NULL && r->grant.probe)
			store_report(r->store, BUDGET_NEUTRAL, 0, 1);
		if (r->made == 0)
			return give_up(r, "deadline-first", EXIT_TIMEDOUT);
		return give_up(r, "deadline", r->prev);
	}
	r->made++;
	runenv_set(&r->env, r->made, eventloop_now() - r->start, r->prev);
	la = told(r, 0);
	log_start(&la);
	settle_messages(r);
	if (io_prepare(&r->io, &r->path, &r->a.matches, &r->a.http) == -1) {
		log_error("cannot set up the attempt's input and output: %s",
		    strerror(errno));
		return EXIT_CANCELED;
	}
	live_fresh(0);	/* the attempt may write a part of a line */
	st = supervise_start(&r->sup, &r->child, r->o->command,
	    runenv_envp(&r->env), &r->io, &r->path, &r->a.out);
	if (st == -1) {
		log_error("cannot start %s: %s", r->o->command[0],
		    strerror(errno));
		return EXIT_CANCELED;
	}
	if (st == 1)
		return GO_ON;	/* exec failed: the outcome says how */
	plan_stop(r->o, plan, r->deadline);
	/* A stop signal it returns is acted on after the output is out. */
	if (supervise_wait(&r->sup, &r->child, plan, &r->io, &r->path,
	    &r->a.out) == -1) {
		log_error("cannot wait for %s: %s", r->o->command[0],
		    strerror(errno));
		return EXIT_CANCELED;
	}
	return GO_ON;
}

/* Take the verdict on the attempt that ended, at this moment. */
static void
decide(struct run *r, uint64_t delay)
{
	struct verdict_input	in;

	memset(&in, 0, sizeof in);
	in.out = &r->a.out;
	in.matches = &r->a.matches;
	in.attempt = r->made;
	in.now = eventloop_now();
	in.deadline = r->deadline;
	in.delay = delay;
	in.http = &r->a.http;
	in.spread = r->a.spread;
	verdict_decide(&r->policy, &in, &r->a.v);
	r->a.decided_at = in.now;
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
 * was held, to stdout only for a success), bounded by its time limit,
 * and take the verdict: once to know where held output goes, and for a
 * retry again once it is out, since that time counts against the
 * deadline. Returns
 * GO_ON, or retry's exit status when it cannot go on.
 */
static int
attempt_output(struct run *r, const struct stop_plan *plan)
{
	uint64_t	delay;
	int		d, success, late;

	io_ended(&r->io, &r->path);
	if ((d = io_deliver(&r->io, &r->path, plan->at)) == -1 ||
	    io_error(&r->io, &r->path, NULL) != 0)
		return io_failed(&r->io, &r->path);
	if (d == IO_LATE && eventloop_signal() == 0)
		output_late(&r->a.out);
	delay = next_delay(r, r->made);
	/* Drawn only when needed: --seed gives the same delays as without. */
	r->a.spread = r->a.http.retry_after ? rng_uniform(r->rng) : 0;
	if (r->a.http.bad_retry_after)
		log_detail("a Retry-After that is neither seconds nor an "
		    "HTTP-date was ignored");
	decide(r, delay);
	success = eventloop_signal() == 0 && r->a.v.kind == VERDICT_SUCCESS;
	io_release(&r->io, &r->path, success);
	if ((d = io_deliver(&r->io, &r->path, plan->at)) == -1)
		return io_failed(&r->io, &r->path);
	/* The user's interrupt stays one, whatever became of its output. */
	late = d == IO_LATE && eventloop_signal() == 0 &&
	    r->a.v.kind != VERDICT_INTERRUPTED;
	if (late)
		output_late(&r->a.out);
	/* Held output cut short: a second copy must not follow it. */
	if (late && success) {
		r->a.v.status = r->prev = EXIT_TIMEDOUT;
		r->a.v.why = r->a.out.why;
		return give_up(r, "output", EXIT_TIMEDOUT);
	}
	/*
	 * A run that ends here ends all the same, with 124 if its failed
	 * attempt's output (to stderr) was cut short: a permanent status
	 * must not become a retried one. Only a retry is judged again (its
	 * attempt, cut short, now counts as timed out: at the deadline that
	 * ends the run with 124). A success whose output went out stays one.
	 */
	if (late && r->a.v.kind == VERDICT_GIVE_UP) {
		r->a.v.status = EXIT_TIMEDOUT;
		r->a.v.why = r->a.out.why;
	} else if (r->a.v.kind == VERDICT_RETRY)
		decide(r, delay);
	return GO_ON;
}

/* Run the next attempt to its verdict: GO_ON to retry, else the status. */
static int
attempt(struct run *r)
{
	struct stop_plan	plan = { 0, 0, 0 };
	struct log_attempt	la;
	const struct verdict	*v = &r->a.v;
	int			st;

	if ((st = attempt_run(r, &plan)) != GO_ON)
		return st;
	if ((st = attempt_output(r, &plan)) != GO_ON)
		return st;
	report(r);
	/* Received during the attempt, or while its output went out. */
	if (eventloop_signal() != 0)
		eventloop_die_of(eventloop_signal());
	if (v->kind == VERDICT_INTERRUPTED)
		eventloop_die_of(v->signo);
	r->prev = v->status;
	la = told(r, 1);
	switch (v->kind) {
	case VERDICT_SUCCESS:
		log_success(&la);
		return v->status;
	case VERDICT_GIVE_UP:
		switch (v->end) {
		case END_EXEC:
			log_exec_failed(&la, r->o->command[0]);
			return give_up(r, NULL, v->status);
		case END_PERMANENT:
			return give_up(r, "permanent", v->status);
		case END_DEADLINE:
			return give_up(r, "deadline", v->status);
		case END_RETRY_AFTER:
			return give_up(r, "retry-after", v->status);
		default:
			return give_up(r, "attempts", v->status);
		}
	default:
		return GO_ON;
	}
}

/*
 * Sleep the verdict's delay before the next attempt; the --on-retry hook
 * runs first, and its time counts as part of the sleep.
 */
static int
pause_before(struct run *r)
{
	struct log_attempt	la = told(r, 1);
	uint64_t		delay = r->a.v.sleep;
	uint64_t		wake = r->a.decided_at + delay;

	log_retry(&la, delay);
	if (r->o->on_retry != NULL) {
		runenv_hook(&r->env, r->a.v.status, &delay, 0);
		run_hook(r, "on-retry", r->o->on_retry);
	}
	/* On a terminal, the sleep counts down below (live.c). */
	log_sleep_live(&la, "retry", wake, eventloop_now());
	sleep_until(wake);
	live_end();
	return GO_ON;
}

/* Set up signals, the terminal, stdin and the environment. */
static int
run_setup(struct run *r)
{
	const struct options	*o = r->o;
	uint64_t		 layers, runs;
	char			 err[4608], shown[1024];

	/* First: a store refused is a usage error, before anything is set up. */
	if (o->budget != NULL && (r->store = store_open(o->store, o->budget,
	    &o->budget_params, 1, err, sizeof err)) == NULL) {
		store_url_shown(o->store, shown, sizeof shown);
		log_error("cannot use --store=%s: %s", shown, err);
		return -1;
	}
	if (io_guard_stdfds() == -1) {
		log_error("cannot open /dev/null: %s", strerror(errno));
		return -1;
	}
	if (runenv_init(&r->env, environ, o->attempts) == -1) {
		log_error("cannot set up the environment: %s",
		    strerror(errno));
		return -1;
	}
	log_run(runenv_run_id(&r->env), r->start);
	runenv_nesting(&r->env, &layers, &runs);
	if (layers > 1)
		log_nested(layers, runs);
	if (eventloop_init() == -1 ||
	    supervise_init(&r->sup, o->foreground) == -1) {
		log_error("cannot set up signal handling: %s",
		    strerror(errno));
		return -1;
	}
	r->hooks = o->on_retry != NULL || o->on_give_up != NULL;
	if (io_init(&r->io, o->stdin_mode, o->stdout_mode, &o->cond, o->http,
	    0) == -1 || io_path_init(&r->io, &r->path) == -1 ||
	    (r->hooks && io_init(&r->hook_io, STDIN_NULL, STDOUT_STREAM, NULL,
	    0, 1) == -1) ||
	    (r->hooks && io_path_init(&r->hook_io, &r->hook_path) == -1)) {
		log_error("cannot set up standard input: %s", strerror(errno));
		return -1;
	}
	if (io_terminal_passed(&r->io))
		log_notice("--stdin=replay: standard input is a terminal, "
		    "which cannot be replayed; each attempt reads it as it is");
	backoff_start(&o->backoff, &r->bs);
	r->deadline = o->deadline != 0 ? r->start + o->deadline : 0;
	if (r->store != NULL)
		store_set_deadline(r->store, r->deadline);
	r->prev = -1;
	r->policy.success_on = &o->success_on;
	r->policy.stop_on = &o->stop_on;
	r->policy.retry_on = o->retry_on_given ? &o->retry_on : NULL;
	r->policy.cond = cond_any(&o->cond) ? &o->cond : NULL;
	r->policy.http = o->http ? &o->http_retry : NULL;
	r->policy.max_attempts = o->attempts;
	return 0;
}

/*
 * Run the attempts until one succeeds, a status is permanent, or the
 * attempts or the time are used up. Returns retry's exit status; dies of a
 * stop signal that it receives.
 */
int
run_attempts(const struct options *o, struct rng *rng, uint64_t start)
{
	struct run	r;
	int		st;

	memset(&r, 0, sizeof r);
	r.o = o;
	r.rng = rng;
	r.start = start;
	if (run_setup(&r) == -1) {
		store_close(r.store);
		eventloop_flush_sinks(0);
		return EXIT_CANCELED;
	}
	splay(&r);
	for (;;) {
		if ((st = attempt(&r)) != GO_ON)
			break;
		if ((st = pause_before(&r)) != GO_ON)
			break;
	}
	io_free(&r.io);
	io_path_free(&r.path);
	if (r.hooks) {
		io_free(&r.hook_io);
		io_path_free(&r.hook_path);
	}
	supervise_close(&r.sup);
	runenv_free(&r.env);
	store_close(r.store);
	/*
	 * The last messages, while the reader takes them. The last output
	 * passed through may have waited with them, and been lost.
	 */
	eventloop_flush_sinks(r.deadline);
	if (eventloop_signal() == 0 && io_output_lost(&r.io)) {
		st = io_failed(&r.io, &r.path);
		eventloop_flush_sinks(r.deadline);
	}
	if (eventloop_signal() != 0)
		eventloop_die_of(eventloop_signal());
	return st;
}
