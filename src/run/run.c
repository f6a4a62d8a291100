/* SPDX-License-Identifier: ISC */
/*
 * The run: what the attempts run with is set up (signals, the terminal,
 * stdin and stdout, the environment, the budget), the splay slept, the
 * attempts run (flight.c, the loop), then the run's end said and counted.
 * Every way the run ends goes through finish(), and what it set up is
 * freed in one place. The options are read, never written.
 */
#include "config.h"

#include <errno.h>
#include <string.h>

#include "policy/exitcodes.h"
#include "policy/large.h"
#include "policy/verdict.h"
#include "proc/eventloop.h"
#include "proc/held.h"
#include "proc/io.h"
#include "proc/rng.h"
#include "proc/supervise.h"
#include "report/cistep.h"
#include "report/live.h"
#include "report/log.h"
#include "report/record.h"
#include "run/flight.h"
#include "run/gate.h"
#include "run/hook.h"
#include "run/options.h"
#include "run/run.h"
#include "run/runenv.h"

extern char **environ;

/* One run of retry: what the attempts run with, and the attempts. */
struct run {
	const struct options	*o;
	struct rng		*rng;
	uint64_t		 start;
	uint64_t		 deadline;	/* 0: none */
	struct verdict_policy	 policy;
	struct runenv		 env;
	struct io		 io;
	int			 has_hooks;
	struct gate		 gate;		/* --budget, or always go */
	struct flight		 f;		/* the attempts; where it stands */
	/*
	 * Last, what most runs leave untouched: the supervisor's slots for
	 * side-by-side children (at its end), the hooks' state (issue 28).
	 */
	struct supervise	 sup;
	struct hooks		 hooks;		/* set up when one is given */
	struct held		 held;		/* --output=on-failure */
	int			 holding;	/* held set up, not let go */
};

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
	la = flight_view(&r->f, 0);
	log_sleep_live(&la, SLEEP_SPLAY, wake, eventloop_now());
	(void)eventloop_sleep_until(wake);
	live_end();
}

/*
 * A success after failed attempts runs --on-recover, told which attempt
 * succeeded, how many failed and the last one's status. Side by side,
 * copies stopped by the winner did not fail: a copy that only ran slow
 * leaves nothing to recover from.
 */
static void
recovered(struct run *r, const struct log_attempt *la)
{
	uint64_t	failures;
	int		last;

	if (r->o->on_recover == NULL || (failures = cistep_failures(&last)) ==
	    0)
		return;
	runenv_on_recover(&r->env, r->f.status, la->attempt, failures, last);
	hooks_run(&r->hooks, "on-recover", r->o->on_recover, la->attempt);
}

/*
 * Say how the run ended; a run that gives up runs --on-give-up, unless
 * the circuit kept the command from running at all, and one that
 * succeeded after failures, --on-recover.
 */
static void
finish(struct run *r)
{
	const struct flight	*f = &r->f;
	struct log_attempt	 la = flight_view_last(f);

	switch (f->state) {
	case RUN_ON:
	case RUN_FAILED:
		return;
	case RUN_SUCCEEDED:
		log_success(&la);
		recovered(r, &la);
		return;
	case RUN_GAVE_UP:
		break;
	}
	if (f->end == END_EXEC)
		log_exec_failed(&la, r->o->command[0]);
	else
		log_give_up(&la, f->end);
	if (r->o->on_give_up == NULL || (f->end == END_CIRCUIT && f->made == 0))
		return;
	/* The last attempt's status; with none, retry's. */
	runenv_on_give_up(&r->env, f->made > 0 ? f->prev : f->status, f->made);
	hooks_run(&r->hooks, "on-give-up", r->o->on_give_up, f->made);
}

/* The options' rules for the verdict. */
static void
set_policy(struct verdict_policy *p, const struct options *o)
{
	p->success_on = &o->success_on;
	p->stop_on = &o->stop_on;
	p->retry_on = o->retry_on_given ? &o->retry_on : NULL;
	p->cond = cond_any(&o->cond) ? &o->cond : NULL;
	p->http = o->http ? &o->http_retry : NULL;
	p->max_attempts = o->attempts;
	p->successes = o->successes;
	p->uncounted = o->uncounted_given ? &o->uncounted : NULL;
	p->uncounted_http = o->uncounted_has_http ? &o->uncounted_http : NULL;
	p->max_wait = &o->max_server_wait;
}

/* What is done with held output once the run is over. */
enum unhold {
	UNHOLD_WRITE,		/* the run failed: write it out */
	UNHOLD_DROP,		/* it succeeded: nothing is written */
};

/*
 * --output=on-failure: the text messages are held (held.c) from the
 * start of the run until it is known to have failed.
 */
static void
hold_messages(struct run *r)
{
	held_init(&r->held, r->o->output_mode == OUTPUT_FAILURE_ALL);
	r->holding = 1;
	log_hold(&r->held);
}

/* And the attempts' and the hooks' output, once their streams are set up. */
static void
hold_streams(struct run *r)
{
	io_hold(&r->io, &r->held);
	if (r->has_hooks)
		hooks_hold(&r->hooks, &r->held);
}

/*
 * Let go of what was held: a run that failed, or that a signal ends,
 * writes it out before it says so (the readers as slow as they are, but
 * not waited for past the deadline: held.c); one that succeeded, nothing.
 */
static void
unhold(struct run *r, enum unhold how)
{
	uint64_t	cut;
	int		e;

	if (!r->holding)
		return;
	r->holding = 0;
	log_hold(NULL);
	if (r->has_hooks)
		hooks_hold(&r->hooks, NULL);
	if (how == UNHOLD_WRITE) {
		held_write(&r->held, r->deadline);
		if ((e = held_lost(&r->held, &cut)) != 0)
			log_held_cut(cut, e);
	}
	held_free(&r->held);
}

/* Set up stdin and stdout for the attempts and the hooks. */
static int
setup_io(struct run *r)
{
	const struct options	*o = r->o;

	r->has_hooks = o->on_retry != NULL || o->on_give_up != NULL ||
	    o->on_recover != NULL;
	if (io_init(&r->io, o->stdin_mode, o->stdout_mode, &o->cond,
	    (o->http ? IO_READ_HTTP : 0) |
	    (o->idle_timeout != 0 ? IO_WATCH_IDLE : 0) |
	    (o->hedge ? IO_HOLD_ALL : 0), IO_STDOUT_TO_STDOUT) == -1 ||
	    flight_prepare(&r->f) == -1 || (r->has_hooks &&
	    hooks_init(&r->hooks, &r->sup, &r->env, r->start) == -1)) {
		log_error("cannot set up standard input: %s", strerror(errno));
		return -1;
	}
	if (r->has_hooks)
		hooks_set_stop(&r->hooks, r->deadline, o->kill_after,
		    o->stop_signal);
	if (r->holding)
		hold_streams(r);
	if (io_terminal_passed(&r->io))
		log_notice(o->hedge ? "--stdin=replay: standard input is a "
		    "terminal, which cannot be replayed; the copies read "
		    "/dev/null" : "--stdin=replay: standard input is a "
		    "terminal, which cannot be replayed; each attempt reads it "
		    "as it is");
	return 0;
}

/* Set up signals, the terminal, stdin, stdout and the environment. */
static int
run_setup(struct run *r)
{
	const struct options	*o = r->o;
	uint64_t		 layers, runs;

	if (io_guard_stdfds() == -1) {
		log_error("cannot open /dev/null: %s", strerror(errno));
		return -1;
	}
	if (o->output_mode != OUTPUT_LIVE)
		hold_messages(r);
	if (runenv_init(&r->env, environ, o->attempts) == -1) {
		log_error("cannot set up the environment: %s",
		    strerror(errno));
		return -1;
	}
	log_run(runenv_run_id(&r->env), r->start);
	runenv_nesting(&r->env, &layers, &runs);
	if (layers > 1)
		log_nested(layers, runs);
	/* Folds do not nest in GitHub's log: the outer retry's fold. */
	log_ci(o->ci, !o->hedge && layers <= 1);
	if (eventloop_init() == -1 ||
	    supervise_init(&r->sup, o->foreground) == -1 ||
	    (o->hedge && supervise_share(&r->sup) == -1)) {
		log_error("cannot set up signal handling: %s",
		    strerror(errno));
		return -1;
	}
	return setup_io(r);
}

/* Free what the run set up, and let the last messages go. */
static void
run_teardown(struct run *r)
{
	io_free(&r->io);
	log_fold_end();
	if (r->has_hooks)
		hooks_free(&r->hooks);
	supervise_close(&r->sup);
	runenv_free(&r->env);
	flight_free(&r->f);
	gate_close(&r->gate);
	/*
	 * The last messages, while the reader takes them. The last output
	 * passed through may have waited with them, and been lost.
	 */
	eventloop_flush_sinks(r->deadline);
	if (!flight_stopped(&r->f) && io_output_lost(&r->io)) {
		flight_output_lost(&r->f);
		eventloop_flush_sinks(r->deadline);
	}
}

/*
 * Count the run, which ends with status, in --metrics' FILE, and report
 * it for CI's step: retry dies of signal dying after it (0: none).
 */
static void
record(const struct run *r, int status, int dying)
{
	struct record	rec;

	rec.file = r->o->metrics;
	rec.label = r->o->metrics_label;
	rec.status = status;
	rec.succeeded = r->f.state == RUN_SUCCEEDED;
	rec.attempts = r->f.made;
	rec.start = r->start;
	rec.deadline = r->deadline;
	rec.dying = dying;
	rec.ci = r->o->ci;
	rec.dotenv = r->o->ci_dotenv;
	record_run(&rec);
}

/*
 * The one run's state, zeroed at start (large.h). On the stack, a memset
 * wrote its 7 KiB and put each frame a page deeper (issue 28).
 */
static struct run	the_run LARGE_ZEROED PAGE_ALIGNED;

static struct run *
run_new(const struct options *o, struct rng *rng, uint64_t start)
{
	struct run	*r = &the_run;
	struct rig	 g = { o, rng, start, 0, &r->policy, &r->env, &r->io,
			    &r->gate, &r->sup, &r->hooks, NULL };

	r->o = o;
	r->rng = rng;
	r->start = start;
	r->deadline = o->deadline != 0 ? start + o->deadline : 0;
	set_policy(&r->policy, o);
	g.deadline = r->deadline;
	/* The loop opens and closes each attempt's record in it. */
	g.held = o->output_mode != OUTPUT_LIVE ? &r->held : NULL;
	flight_init(&r->f, &g);
	return r;
}

int
run_attempts(const struct options *o, struct rng *rng, uint64_t start)
{
	struct run	*r = run_new(o, rng, start);
	struct flight	*f = &r->f;
	int		 signo;

	/* First: a store refused is a usage error, before anything is set up. */
	if (gate_open(&r->gate, o, start, rng) == -1 || run_setup(r) == -1) {
		unhold(r, UNHOLD_WRITE);
		gate_close(&r->gate);
		eventloop_flush_sinks(0);
		return EXIT_CANCELED;
	}
	gate_set_limits(&r->gate, r->deadline, o->budget_wait);
	splay(r);
	flight_run(f);
	if (f->state != RUN_SUCCEEDED || flight_stopped(f))
		unhold(r, UNHOLD_WRITE);
	if (!flight_stopped(f))
		finish(r);
	unhold(r, UNHOLD_DROP);	/* a success's, its message too */
	run_teardown(r);
	if (flight_stopped(f)) {
		signo = f->dying != 0 ? f->dying : eventloop_signal();
		record(r, EXIT_SIGNAL_BASE + signo, signo);
		eventloop_die_of(signo);
	}
	record(r, f->status, 0);
	return f->status;
}
