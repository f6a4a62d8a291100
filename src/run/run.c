/* SPDX-License-Identifier: ISC */
/*
 * The retry loop. Each attempt is a straight run of steps: the budget's
 * word (gate.c), the attempt itself to its verdict (attempt.c), then the
 * end of the run or a sleep. A step returns -1 when the run is over;
 * signals are looked at between steps, and every way the run ends goes
 * through finish(). No sleep follows the last attempt. The options are
 * read, never written.
 */
#include "config.h"

#include <errno.h>
#include <string.h>

#include "proc/eventloop.h"
#include "policy/exitcodes.h"
#include "policy/large.h"
#include "report/live.h"
#include "run/run.h"
#include "run/runloop.h"

extern char **environ;

/* Attempt n as a message tells of it, before it ends (0: none ran). */
struct log_attempt
run_view(const struct run *r, uint64_t n)
{
	struct log_attempt	la;

	memset(&la, 0, sizeof la);
	la.attempt = n;
	la.max_attempts = r->o->attempts;
	gate_tell(&r->gate, &la);
	return la;
}

/* The last attempt, ended, with its verdict's status and reason. */
static struct log_attempt
view_last(const struct run *r)
{
	struct log_attempt	la = run_view(r, r->last != NULL ?
				    r->last->number : r->made);

	if (r->last != NULL)
		attempt_tell(r->last, &la);
	la.made = r->made;
	return la;
}

/* A stop signal came, or the run is to die of one: nothing more starts. */
int
run_stopped(const struct run *r)
{
	return r->dying != 0 || eventloop_signal() != 0;
}

/* The run gives up: why, and with what status (finish() says so). */
int
run_give_up(struct run *r, enum run_end why, int status)
{
	r->state = RUN_GAVE_UP;
	r->end = why;
	r->status = status;
	return -1;
}

/* Retry's own error, said already: 125. */
int
run_failed(struct run *r)
{
	r->state = RUN_FAILED;
	r->status = EXIT_CANCELED;
	return -1;
}

/* The attempt's input or output failed (said): 125, or die of SIGPIPE. */
int
run_io_failed(struct run *r, const struct attempt *a)
{
	if ((r->dying = attempt_io_error(a, &r->io)) != 0)
		return -1;
	return run_failed(r);
}

/*
 * Before an attempt or a hook writes to the same stderr: let retry's
 * messages go first, while the reader takes them (a stalled one is not
 * waited for), and not past the deadline. -1: a stop signal came.
 */
int
run_settle_messages(const struct run *r)
{
	eventloop_flush_sinks(r->deadline);
	return run_stopped(r) ? -1 : 0;
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
	la = run_view(r, 0);
	log_sleep_live(&la, SLEEP_SPLAY, wake, eventloop_now());
	(void)eventloop_sleep_until(wake);
	live_end();
}

/* No attempt starts at the deadline: give up, with 124 if none ran. */
int
run_past_deadline(struct run *r)
{
	if (r->deadline == 0 || eventloop_now() < r->deadline)
		return 0;
	run_give_up(r, END_DEADLINE, r->made > 0 ? r->prev : EXIT_TIMEDOUT);
	return 1;
}

/*
 * The next attempt's admission: the deadline, then the budget's word
 * (which may wait); once let through, the attempt begins.
 */
static int
admit(struct run *r)
{
	struct log_attempt	next = run_view(r, r->made + 1);
	struct stop_plan	at_deadline = { r->deadline,
				    r->o->kill_after, r->o->stop_signal,
				    r->o->idle_timeout };
	struct budget_ticket	ticket;
	enum gate_word		word;

	if (run_past_deadline(r))
		return -1;
	word = gate_admit(&r->gate, &next, &ticket);
	live_end();	/* a wait that counted down is over */
	switch (word) {
	case GATE_GO:
		break;
	case GATE_EXHAUSTED:
		return run_give_up(r, END_BUDGET, r->prev);
	case GATE_CIRCUIT:	/* 75 when the command was not run */
		return run_give_up(r, END_CIRCUIT,
		    r->made > 0 ? r->prev : EXIT_TEMPFAIL);
	case GATE_STOPPED:
		return -1;
	}
	/* A token that came at the deadline starts nothing. */
	if (run_past_deadline(r)) {
		gate_release(&r->gate, &ticket);
		return -1;
	}
	attempt_begin(&r->a, ++r->made, r->o->timeout, &at_deadline);
	r->a.ticket = ticket;
	return 0;
}

/*
 * Where the run stands, for the verdict on the attempt that ended: the
 * deadline, the next delay, what the attempt wrote to RETRY_CONTROL, and
 * a draw for a Retry-After or a delay it asked. Drawn only
 * when needed, in this order: --seed gives the same delays as ever.
 */
void
run_stands(struct run *r, const struct attempt *a, struct control *ctl,
    struct verdict_input *in)
{
	double	u = rng_uniform(r->rng), v = rng_uniform(r->rng);

	memset(in, 0, sizeof *in);
	in->deadline = r->deadline;
	in->delay = backoff_next(&r->o->backoff, &r->bs, r->made, u, v);
	in->push = control_read(ctl);
	in->spread = a->http.retry_after || pushback_floor(in->push) ?
	    rng_uniform(r->rng) : 0;
}

/*
 * The attempt: started, waited for, its output delivered, its verdict
 * taken; then the budget hears how it ended.
 */
static int
attempt(struct run *r)
{
	struct attempt		*a = &r->a;
	struct verdict_input	 in;
	struct log_attempt	 la;

	control_fresh(&r->ctl, &r->env);
	runenv_set(&r->env, a->number, eventloop_now() - r->start, r->prev);
	la = run_view(r, a->number);
	log_start(&la);
	log_fold_begin(&la);
	if (run_settle_messages(r) == -1)
		return -1;
	if (attempt_run(a, &r->sup, &r->io, r->o->command,
	    runenv_envp(&r->env)) == -1)
		return run_failed(r);
	if (attempt_output(a, &r->io) == -1)
		return run_io_failed(r, a);
	run_stands(r, a, &r->ctl, &in);
	if (attempt_verdict(a, &r->io, &r->policy, &in) == -1)
		return run_io_failed(r, a);
	log_fold_end();		/* after a failure's held output */
	gate_report(&r->gate, &a->ticket, verdict_budget_result(&a->v));
	r->last = a;
	return 0;
}

/* Act on the verdict: end the run, or go on to the sleep. */
static int
conclude(struct run *r)
{
	const struct verdict	*v = &r->a.v;

	r->prev = v->status;
	switch (v->kind) {
	case VERDICT_SUCCESS:
		r->state = RUN_SUCCEEDED;
		r->status = v->status;
		return -1;
	case VERDICT_GIVE_UP:
		return run_give_up(r, v->end, v->status);
	case VERDICT_INTERRUPTED:
		r->dying = v->signo;
		return -1;
	case VERDICT_RETRY:
		break;
	}
	return 0;
}

/*
 * Sleep the verdict's delay before the next attempt; the --on-retry hook
 * runs first, and its time counts as part of the sleep.
 */
static int
pause_before(struct run *r)
{
	struct log_attempt	la = view_last(r);
	const struct verdict	*v = &r->a.v;

	log_retry(&la, v->sleep);
	if (r->o->on_retry != NULL) {
		runenv_on_retry(&r->env, v->status, v->sleep);
		hooks_run(&r->hooks, "on-retry", r->o->on_retry, r->made);
		if (run_stopped(r))
			return -1;
	}
	/* On a terminal, the sleep counts down below (live.c). */
	log_sleep_live(&la, SLEEP_BACKOFF, v->wake, eventloop_now());
	(void)eventloop_sleep_until(v->wake);
	live_end();
	return 0;
}

/*
 * Say how the run ended; a run that gives up runs --on-give-up, unless
 * the circuit kept the command from running at all.
 */
static void
finish(struct run *r)
{
	struct log_attempt	la = view_last(r);

	switch (r->state) {
	case RUN_ON:
	case RUN_FAILED:
		return;
	case RUN_SUCCEEDED:
		log_success(&la);
		return;
	case RUN_GAVE_UP:
		break;
	}
	if (r->end == END_EXEC)
		log_exec_failed(&la, r->o->command[0]);
	else
		log_give_up(&la, r->end);
	if (r->o->on_give_up == NULL || (r->end == END_CIRCUIT && r->made == 0))
		return;
	/* The last attempt's status; with none, retry's. */
	runenv_on_give_up(&r->env, r->made > 0 ? r->prev : r->status,
	    r->made);
	hooks_run(&r->hooks, "on-give-up", r->o->on_give_up, r->made);
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
}

/* Set up stdin and stdout for the attempts and the hooks. */
static int
setup_io(struct run *r)
{
	const struct options	*o = r->o;

	r->has_hooks = o->on_retry != NULL || o->on_give_up != NULL;
	if (io_init(&r->io, o->stdin_mode, o->stdout_mode, &o->cond,
	    (o->http ? IO_READ_HTTP : 0) |
	    (o->idle_timeout != 0 ? IO_WATCH_IDLE : 0) |
	    (o->hedge ? IO_HOLD_ALL : 0), IO_STDOUT_TO_STDOUT) == -1 ||
	    attempt_init(&r->a, &r->io) == -1 || (r->has_hooks &&
	    hooks_init(&r->hooks, &r->sup, &r->env, r->start) == -1)) {
		log_error("cannot set up standard input: %s", strerror(errno));
		return -1;
	}
	if (r->has_hooks)
		hooks_set_stop(&r->hooks, r->deadline, o->kill_after,
		    o->stop_signal);
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
	attempt_free(&r->a);
	hedge_free(r);
	log_fold_end();
	if (r->has_hooks)
		hooks_free(&r->hooks);
	supervise_close(&r->sup);
	runenv_free(&r->env);
	control_remove(&r->ctl);
	gate_close(&r->gate);
	/*
	 * The last messages, while the reader takes them. The last output
	 * passed through may have waited with them, and been lost.
	 */
	eventloop_flush_sinks(r->deadline);
	if (!run_stopped(r) && io_output_lost(&r->io)) {
		(void)run_io_failed(r, &r->a);
		eventloop_flush_sinks(r->deadline);
	}
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

	r->o = o;
	r->rng = rng;
	r->start = start;
	r->prev = -1;
	r->deadline = o->deadline != 0 ? start + o->deadline : 0;
	set_policy(&r->policy, o);
	backoff_start(&o->backoff, &r->bs);
	return r;
}

int
run_attempts(const struct options *o, struct rng *rng, uint64_t start)
{
	struct run	*r = run_new(o, rng, start);

	/* First: a store refused is a usage error, before anything is set up. */
	if (gate_open(&r->gate, o, start, rng) == -1 || run_setup(r) == -1) {
		gate_close(&r->gate);
		eventloop_flush_sinks(0);
		return EXIT_CANCELED;
	}
	gate_set_limits(&r->gate, r->deadline, o->budget_wait);
	splay(r);
	if (o->hedge)
		hedge_attempts(r);
	else
		while (!run_stopped(r) && admit(r) == 0 &&
		    !run_stopped(r) && attempt(r) == 0 &&
		    !run_stopped(r) && conclude(r) == 0 &&
		    pause_before(r) == 0)
			;
	if (!run_stopped(r))
		finish(r);
	run_teardown(r);
	if (run_stopped(r)) {
		r->dying = r->dying != 0 ? r->dying : eventloop_signal();
		run_record(r, EXIT_SIGNAL_BASE + r->dying);
		eventloop_die_of(r->dying);
	}
	run_record(r, r->status);
	return r->status;
}
