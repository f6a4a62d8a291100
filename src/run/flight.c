/* SPDX-License-Identifier: ISC */
/*
 * The attempt loop. The attempts in flight are data: one, begun anew for
 * each attempt, or with --hedge up to --hedge-max copies side by side,
 * each with a path of its own; one wait watches them all
 * (supervise_wait_any()). Each step starts the attempt that is due (the
 * deadline and the budget's word first: gate.c), or waits until one ends
 * or the next is due; an attempt that ended gets its verdict (attempt.c),
 * and the hedge's rules (hedge.c) say what it means: the run succeeds,
 * gives up or dies, the next comes after a sleep, or the others run on.
 * A step returns -1 when the run is over; signals are looked at between
 * steps. The run (run.c) sets up what the attempts run with and says how
 * the run ended. The options are read, never written.
 */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "policy/duration.h"
#include "policy/exitcodes.h"
#include "policy/pushback.h"
#include "proc/eventloop.h"
#include "proc/held.h"
#include "proc/io.h"
#include "proc/rng.h"
#include "report/live.h"
#include "run/flight.h"
#include "run/gate.h"
#include "run/hook.h"
#include "run/options.h"
#include "run/runenv.h"

/* Where the run's parts are (g), before the run sets them up. */
void
flight_init(struct flight *f, const struct rig *g)
{
	f->g = *g;
	f->prev = -1;
	backoff_start(&g->o->backoff, &f->bs);
}

/*
 * One at a time, the attempt's path is made before the run starts (-1
 * with errno when it cannot be); the copies' as they first start.
 */
int
flight_prepare(struct flight *f)
{
	if (f->g.o->hedge)
		return 0;
	if (attempt_init(&f->one.a, f->g.io) == -1)
		return -1;
	f->one.ready = 1;
	f->copies = &f->one;
	f->n = 1;
	return 0;
}

/* Attempt n as a message tells of it, before it ends (0: none ran). */
struct log_attempt
flight_view(const struct flight *f, uint64_t n)
{
	struct log_attempt	la;

	memset(&la, 0, sizeof la);
	la.attempt = n;
	la.max_attempts = f->g.o->attempts;
	/* Its number among those that count, were it to count. */
	if (f->g.o->uncounted_given && n > f->h.uncounted)
		la.counted = n - f->h.uncounted;
	if (f->g.o->successes > 1)
		la.successes = f->g.o->successes;
	gate_tell(f->g.gate, &la);
	return la;
}

/* The last attempt, ended, with its verdict's status and reason. */
struct log_attempt
flight_view_last(const struct flight *f)
{
	struct log_attempt	la = flight_view(f, f->last != NULL ?
				    f->last->number : f->made);

	if (f->last != NULL)
		attempt_tell(f->last, &la);
	la.made = f->made;
	return la;
}

/* A stop signal came, or the run is to die of one: nothing more starts. */
int
flight_stopped(const struct flight *f)
{
	return f->dying != 0 || eventloop_signal() != 0;
}

/* The run gives up: why, and with what status (run.c says so). */
static int
give_up(struct flight *f, enum run_end why, int status)
{
	f->state = RUN_GAVE_UP;
	f->end = why;
	f->status = status;
	return -1;
}

/* Retry's own error, said already: 125. */
static int
failed(struct flight *f)
{
	f->state = RUN_FAILED;
	f->status = EXIT_CANCELED;
	return -1;
}

/* The attempt's input or output failed (said): 125, or die of SIGPIPE. */
static int
io_failed(struct flight *f, const struct attempt *a)
{
	if ((f->dying = attempt_io_error(a, f->g.io)) != 0)
		return -1;
	return failed(f);
}

/*
 * Output passed through was lost once the run was said (run.c): the run
 * fails as an attempt's output failing fails it, told by the path of the
 * attempt one at a time (copies side by side leave it unused).
 */
void
flight_output_lost(struct flight *f)
{
	(void)io_failed(f, &f->one.a);
}

/*
 * Before an attempt writes to the same stderr: let retry's messages go
 * first, while the reader takes them (a stalled one is not waited for),
 * and not past the deadline. -1: a stop signal came.
 */
static int
settle_messages(const struct flight *f)
{
	eventloop_flush_sinks(f->g.deadline);
	return flight_stopped(f) ? -1 : 0;
}

static size_t
alive(const struct flight *f)
{
	size_t	i, k = 0;

	for (i = 0; i < f->n; i++)
		k += f->copies[i].alive != 0;
	return k;
}

/* Whether the deadline has come: no attempt starts at it. */
static int
past_deadline(const struct flight *f)
{
	return f->g.deadline != 0 && eventloop_now() >= f->g.deadline;
}

/*
 * The deadline came before the next could start: the run gives up (124
 * when no attempt ran); with copies running, none starts any more, and
 * they run on (0).
 */
static int
deadline_came(struct flight *f, size_t running)
{
	if (running == 0)
		return give_up(f, END_DEADLINE,
		    f->made > 0 ? f->prev : EXIT_TIMEDOUT);
	hedge_close(&f->h, END_DEADLINE);
	return 0;
}

/*
 * The deadline and the budget's word on the next attempt: 1 go (t holds
 * its token), 0 none now (the copies running go on), -1 the run is over.
 * With none running the word may wait; with copies running, a copy never
 * waits for a token: no token, no copy.
 */
static int
admit(struct flight *f, struct budget_ticket *t)
{
	struct log_attempt	next = flight_view(f, f->made + 1);
	size_t			running = alive(f);
	enum gate_word		word;

	if (past_deadline(f))
		return deadline_came(f, running);
	word = running > 0 ? gate_admit_now(f->g.gate, &next, t) :
	    gate_admit(f->g.gate, &next, t);
	live_end();	/* a wait that counted down is over */
	if (word == GATE_STOPPED)
		return -1;
	if (word != GATE_GO && running > 0) {
		if (hedge_refused(&f->h))
			log_detail("--hedge: no token for another copy; the "
			    "copies running go on");
		return 0;
	}
	if (word == GATE_EXHAUSTED)
		return give_up(f, END_BUDGET, f->prev);
	if (word == GATE_CIRCUIT)	/* 75 when the command was not run */
		return give_up(f, END_CIRCUIT,
		    f->made > 0 ? f->prev : EXIT_TEMPFAIL);
	/* A token that came at the deadline starts nothing. */
	if (past_deadline(f)) {
		gate_release(f->g.gate, t);
		return deadline_came(f, running);
	}
	hedge_admitted(&f->h);
	return 1;
}

/* An attempt not in flight, its path made: NULL when it cannot be (said). */
static struct copy *
slot(struct flight *f)
{
	struct copy	*c;
	size_t		 i;

	for (i = 0; i < f->n && f->copies[i].alive; i++)
		;
	c = &f->copies[i];	/* hedge_may_start() saw one */
	if (!c->ready) {
		if (attempt_init(&c->a, f->g.io) == -1) {
			log_error("cannot set up an attempt's input: %s",
			    strerror(errno));
			return NULL;
		}
		c->ready = 1;
	}
	return c;
}

/*
 * The delay schedule starts again: the next delay is its first (n = 1,
 * decorrelated jitter's state afresh), the attempt that just ended
 * counting as the first of the new schedule, and it grows from there.
 */
static void
restart_schedule(struct flight *f)
{
	backoff_start(&f->g.o->backoff, &f->bs);
	f->sched_from = f->made - 1;
}

/*
 * --successes: whether the attempt that ended is a success short of N
 * in a row, as its verdict will say (in holds its outcome): the next
 * comes after the schedule's first delay.
 */
static int
success_short(const struct flight *f, const struct verdict_input *in)
{
	return f->g.o->successes > 1 && f->in_a_row + 1 < f->g.o->successes &&
	    verdict_success(f->g.policy, in);
}

/*
 * --reset-after: attempt c ran long enough that the delay after it is
 * the schedule's first again, should it have failed (after a success,
 * the run ends, or --successes starts the schedule again anyway). The
 * clock is read only then: a plain run reads it no more (cost-syscalls).
 */
static void
ran_long(struct flight *f, const struct copy *c)
{
	uint64_t	ran;

	f->reset_ran = 0;
	if (f->g.o->reset_after == 0)
		return;
	ran = eventloop_now() - c->a.started;
	if (!backoff_resets(ran, f->g.o->reset_after))
		return;
	restart_schedule(f);
	f->reset_ran = ran;
}

/*
 * Where the run stands, for the verdict on attempt c: the deadline, the
 * attempts that did not count, the successes in a row, the next delay,
 * what c wrote to RETRY_CONTROL, and a draw for a Retry-After or a delay
 * it asked. Drawn only when needed, in this order: --seed gives the same
 * delays as ever. Side by side there is no backoff: the floors alone.
 */
static void
stands(struct flight *f, struct copy *c, struct verdict_input *in)
{
	double	u = rng_uniform(f->g.rng), v = rng_uniform(f->g.rng);

	memset(in, 0, sizeof *in);
	in->deadline = f->g.deadline;
	in->uncounted = f->h.uncounted;
	in->in_a_row = f->in_a_row;
	in->out = &c->a.out;
	in->matches = &c->a.matches;
	in->http = &c->a.http;
	if (success_short(f, in))
		restart_schedule(f);
	ran_long(f, c);
	in->delay = backoff_next_parts(&f->g.o->backoff, &f->bs,
	    f->made - f->sched_from, u, v, &f->parts);
	in->push = control_read(&c->ctl);
	in->spread = c->a.http.retry_after || pushback_floor(in->push) ?
	    rng_uniform(f->g.rng) : 0;
	if (f->h.mode == HEDGE_ON)
		in->delay = 0;
}

/*
 * One at a time, sleep the verdict's delay before the next attempt; the
 * --on-retry hook runs first, and its time counts as part of the sleep.
 */
static int
pause_before(struct flight *f, const struct verdict *v)
{
	struct log_attempt	la = flight_view_last(f);

	la.parts = f->h.mode == HEDGE_ON ? NULL : &f->parts;
	la.reset_ran_ns = f->reset_ran;
	if (v->kind == VERDICT_AGAIN)	/* a success: no retry, no hook */
		log_again(&la, v->sleep);
	else
		log_retry(&la, v->sleep);
	if (f->g.o->on_retry != NULL && v->kind != VERDICT_AGAIN) {
		runenv_on_retry(f->g.env, v->status, v->sleep);
		hooks_run(f->g.hooks, "on-retry", f->g.o->on_retry, f->made);
		if (flight_stopped(f))
			return -1;
	}
	/* On a terminal, the sleep counts down below (live.c). */
	log_sleep_live(&la, SLEEP_BACKOFF, v->wake, eventloop_now());
	(void)eventloop_sleep_until(v->wake);
	live_end();
	return 0;
}

/*
 * Act on the verdict on c, by the hedge's rules: end the run, sleep
 * before the next, or go on with the copies running (told).
 */
static int
act(struct flight *f, const struct copy *c)
{
	const struct verdict	*v = &c->a.v;
	struct log_attempt	 la;
	enum hedge_word		 word;
	enum run_end		 why = END_NONE;
	size_t			 running = alive(f);

	switch (word = hedge_ended(&f->h, v, running, f->made, &why)) {
	case HEDGE_WON:
		f->state = RUN_SUCCEEDED;
		f->status = v->status;
		return -1;
	case HEDGE_DIE:
		f->dying = v->signo;
		return -1;
	case HEDGE_GIVE_UP:
		return give_up(f, why, v->status);
	case HEDGE_SLEEP:
		return pause_before(f, v);
	case HEDGE_NEXT:
	case HEDGE_OTHERS_ON:
		break;
	}
	la = flight_view(f, c->a.number);
	attempt_tell(&c->a, &la);
	log_copy_failed(&la, word == HEDGE_NEXT ?
	    hedge_floor(&f->h, v, eventloop_now()) : UINT64_MAX, running);
	return 0;
}

/*
 * --output=on-failure: attempt c's held output is whole, and gets the
 * header it is written under if the run fails.
 */
static void
hold_header(const struct flight *f, const struct copy *c)
{
	struct log_attempt	la;
	char			head[2048];

	if (f->g.held == NULL)
		return;
	la = flight_view(f, c->a.number);
	attempt_tell(&c->a, &la);
	held_end(f->g.held, head, log_held_header(&la,
	    c->a.v.kind != VERDICT_SUCCESS, head, sizeof head));
}

/*
 * Attempt c ended: the rest of its output taken, its verdict, the budget
 * told; then act on it. -1: the run is over (a success, a give-up, a
 * signal).
 */
static int
end_copy(struct flight *f, struct copy *c)
{
	struct verdict_input	 in;
	const struct verdict	*v = &c->a.v;

	c->alive = 0;
	if (attempt_output(&c->a, f->g.io) == -1)
		return io_failed(f, &c->a);
	stands(f, c, &in);
	if (attempt_verdict(&c->a, f->g.io, f->g.policy, &in) == -1)
		return io_failed(f, &c->a);
	log_fold_end();		/* after a failure's held output */
	hold_header(f, c);
	attempt_http_unseen(&c->a, f->g.policy, &f->http_told);
	gate_report(f->g.gate, &c->a.ticket, verdict_budget_result(v));
	f->last = &c->a;
	f->in_a_row = v->in_a_row;
	if (flight_stopped(f))
		return -1;	/* its output went to stderr: the run dies */
	f->prev = v->status;
	return act(f, c);
}

/* The attempt that ended first of those not heard yet, or NULL. */
static struct copy *
first_ended(struct flight *f)
{
	struct copy	*c, *first = NULL;
	size_t		 i;

	for (i = 0; i < f->n; i++) {
		c = &f->copies[i];
		if (c->alive && c->w.done && (first == NULL ||
		    c->w.seq < first->w.seq))
			first = c;
	}
	return first;
}

/*
 * The watches of the attempts in flight not done yet, in f->ws; how many.
 * (Between steps, every one done has been heard: it is no longer alive.)
 */
static size_t
watches(struct flight *f)
{
	size_t	i, k = 0;

	for (i = 0; i < f->n; i++)
		if (f->copies[i].alive && !f->copies[i].w.done)
			f->ws[k++] = &f->copies[i].w;
	return k;
}

/* Wait until an attempt in flight ends or wake; then act on those ended. */
static int
await(struct flight *f, uint64_t wake)
{
	struct copy	*c;
	size_t		 k = watches(f);
	int		 rc;

	if (k == 0) {
		(void)eventloop_sleep_until(wake);
		rc = 0;
	} else
		rc = supervise_wait_any(f->g.sup, f->ws, k, f->g.io, wake);
	if (rc == -1) {
		log_error("cannot wait for %s: %s", f->g.o->command[0],
		    strerror(errno));
		return failed(f);
	}
	if (rc == 0)
		hedge_woke(&f->h);
	/* In the order they ended: the last to fail gives the status. */
	while (rc == 1 && (c = first_ended(f)) != NULL)
		if (end_copy(f, c) == -1)
			return -1;
	return 0;
}

/*
 * The --on-retry hook, before the copy due after a failure. A copy may
 * have ended meanwhile: heard first. 1: the copy may start; 0: none may
 * any more; -1: the run is over.
 */
static int
hook_first(struct flight *f)
{
	runenv_on_retry(f->g.env, f->prev, 0);
	hooks_run(f->g.hooks, "on-retry", f->g.o->on_retry, f->made);
	if (flight_stopped(f) || await(f, HEDGE_AT_ONCE) == -1 ||
	    f->state != RUN_ON)
		return -1;
	hedge_heard(&f->h);
	return hedge_may_start(&f->h, alive(f), f->made);
}

/*
 * Begin attempt c, holding token t: its number, its RETRY_CONTROL file and
 * environment, the message that it starts (after the one that DELAY is
 * up). -1: the run is over.
 */
static int
begin(struct flight *f, struct copy *c, const struct budget_ticket *t,
    enum hedge_due why)
{
	const struct options	*o = f->g.o;
	struct stop_plan	 at_deadline = { f->g.deadline, o->kill_after,
				    o->stop_signal, o->idle_timeout };
	struct log_attempt	 la;
	uint64_t		 now;

	f->made++;
	attempt_begin(&c->a, f->made, duration_list_at(o->timeouts,
	    o->ntimeouts, f->made), &at_deadline);
	c->a.ticket = *t;
	if (flight_stopped(f))
		return -1;
	control_fresh(&c->ctl, f->g.env);
	c->a.started = now = eventloop_now();
	f->g.env->hedge = f->h.mode == HEDGE_ON && c->a.number > 1;
	if (o->successes != 0)
		f->g.env->successes = (int64_t)f->in_a_row;
	runenv_set(f->g.env, c->a.number, now - f->g.start, f->prev);
	la = flight_view(f, c->a.number);
	la.timeout_ns = c->a.timeout;
	if (why == HEDGE_DUE_DELAY)
		log_hedge(&la, f->h.newest, now - f->h.newest_at);
	if (f->g.held != NULL)
		held_begin(f->g.held);
	log_start(&la);
	log_fold_begin(&la);
	return settle_messages(f);
}

/*
 * Start attempt c, begun, and watch it. A command that could not be run
 * has ended at once: its verdict is taken now.
 */
static int
fly(struct flight *f, struct copy *c)
{
	int	st;

	if ((st = attempt_start(&c->a, f->g.sup, f->g.io, f->g.o->command,
	    runenv_envp(f->g.env))) == -1)
		return failed(f);
	/* One at a time, DELAY counts nothing: no clock read (cost-syscalls). */
	if (f->h.mode == HEDGE_ON)
		hedge_started(&f->h, c->a.number, eventloop_now());
	c->alive = 1;
	supervise_watch(&c->w, &c->a.child, &c->a.plan, &c->a.path,
	    &c->a.out);
	return st == 1 ? end_copy(f, c) : 0;
}

/*
 * Start the attempt that is due: side by side, the --on-retry hook first
 * for a copy after a failure; then the deadline and the budget's word.
 * -1: the run is over.
 */
static int
start(struct flight *f)
{
	struct budget_ticket	 t;
	struct copy		*c;
	enum hedge_due		 why = hedge_take_due(&f->h);
	int			 st;

	if (why == HEDGE_DUE_FAILURE && f->g.o->on_retry != NULL &&
	    (st = hook_first(f)) != 1)
		return st;
	if ((st = admit(f, &t)) != 1) {
		if (st == 0)
			hedge_not_now(&f->h, eventloop_now());
		return st;
	}
	if ((c = slot(f)) == NULL) {
		gate_release(f->g.gate, &t);
		return failed(f);
	}
	if (begin(f, c, &t, why) == -1)
		return -1;
	return fly(f, c);
}

/* One step: start the attempt that is due, or wait. -1: the run is over. */
static int
step(struct flight *f)
{
	size_t		running = alive(f);
	uint64_t	wake = hedge_wake(&f->h, running, f->made);

	/* Due at once: no clock read (cost-syscalls.sh counts a plain run's). */
	if (f->h.due != HEDGE_DUE_NONE && wake != 0 &&
	    (wake == HEDGE_AT_ONCE || eventloop_now() >= wake))
		return start(f);
	if (running == 0 && wake == 0)
		/* Nothing runs and nothing can start. */
		return give_up(f, hedge_end(&f->h), f->prev);
	return await(f, wake);
}

/*
 * Whether the loop takes another step: not once the run is over, nor
 * after a stop signal, but for an attempt alone in flight (one at a
 * time): it is seen to its end, the signal passed on to it by the wait,
 * and its verdict taken.
 */
static int
go_on(const struct flight *f)
{
	if (f->state != RUN_ON)
		return 0;
	return !flight_stopped(f) || (f->h.mode == HEDGE_OFF && alive(f) > 0);
}

/*
 * A stop signal ended the run: what a copy held goes to stderr, as a
 * failed attempt's does, while the reader takes it.
 */
static void
spill(struct flight *f, struct attempt *a)
{
	if (attempt_output(a, f->g.io) == -1)
		return;
	io_release(f->g.io, &a->path, 0);
	(void)io_deliver(f->g.io, &a->path, a->plan.at);
}

/*
 * The run is over: stop the copies still running (a stop signal that
 * retry received reaches them by the wait), wait for their groups to go,
 * and drop what they held.
 */
static void
stop_all(struct flight *f)
{
	struct copy	*c;
	uint64_t	 by = f->last != NULL ? f->last->number : 0;
	size_t		 i, k;

	/* A copy interrupted by the user: the others get its signal. */
	for (i = 0; i < f->n; i++)
		if (f->copies[i].alive && eventloop_signal() == 0)
			supervise_stop(f->g.sup, &f->copies[i].w,
			    f->dying != 0 ? f->dying : f->g.o->stop_signal);
	while ((k = watches(f)) > 0 &&
	    supervise_wait_any(f->g.sup, f->ws, k, f->g.io, 0) != -1)
		;
	for (i = 0; i < f->n; i++) {
		if (!(c = &f->copies[i])->alive)
			continue;
		c->alive = 0;
		gate_release(f->g.gate, &c->a.ticket);
		if (eventloop_signal() != 0)
			spill(f, &c->a);
		else if (f->dying == 0)
			log_dropped(c->a.number, by, f->state == RUN_SUCCEEDED,
			    io_drop(&c->a.path));
		else
			(void)io_drop(&c->a.path);
	}
}

/*
 * Run the attempts until one succeeds, a status is permanent, or the
 * attempts or the time are used up; where the run stands says how it
 * ended. Side by side, the copies still running are stopped at the end.
 */
void
flight_run(struct flight *f)
{
	const struct options	*o = f->g.o;

	if (o->hedge) {
		if ((f->copies = calloc(o->hedge_max, sizeof *f->copies)) ==
		    NULL) {
			log_error("cannot set up the copies: %s",
			    strerror(errno));
			(void)failed(f);
			return;
		}
		f->n = (size_t)o->hedge_max;
	}
	hedge_start(&f->h, o->hedge ? HEDGE_ON : HEDGE_OFF, f->n, o->attempts,
	    o->hedge_delay);
	while (go_on(f) && step(f) == 0)
		;
	if (f->h.mode == HEDGE_ON)
		stop_all(f);
}

/*
 * Let go of the attempts' paths and RETRY_CONTROL files, once the run has
 * been said: the last attempt to end is told of.
 */
void
flight_free(struct flight *f)
{
	size_t	i;

	for (i = 0; f->copies != NULL && i < f->n; i++) {
		if (f->copies[i].ready)
			attempt_free(&f->copies[i].a);
		control_remove(&f->copies[i].ctl);
	}
	if (f->copies != &f->one)
		free(f->copies);
	f->copies = NULL;
	f->n = 0;
}
