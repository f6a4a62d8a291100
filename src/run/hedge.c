/* SPDX-License-Identifier: ISC */
/*
 * Hedged attempts (--hedge=DELAY), for a command that is safe to run
 * twice at once: copies side by side, to cut the slow tail ("The Tail at
 * Scale", Dean and Barroso, 2013; gRPC's proposal A6). The first copy
 * starts at once; while none has succeeded, another starts each time the
 * newest has run DELAY, or at once after a retryable failure, up to
 * --hedge-max alive and --attempts in all. The first success wins: its
 * held output goes out, the others are stopped and theirs dropped. A
 * permanent status stops them all and ends the run with it; when every
 * copy has failed, the run ends with the status of the last to fail.
 *
 * Each copy is an attempt (attempt.c) with a path of its own; one wait
 * watches them all (supervise_wait_any()). The run's steps are run.c's.
 */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "policy/duration.h"
#include "proc/eventloop.h"
#include "policy/exitcodes.h"
#include "report/live.h"
#include "run/runloop.h"

/* Why the next copy is due. */
enum due {
	DUE_NONE,
	DUE_FIRST,		/* the run's first */
	DUE_FAILURE,		/* a copy failed: at once (or not_before) */
	DUE_DELAY,		/* the newest has run DELAY */
};

struct copy {
	struct attempt	 a;
	struct watch	 w;
	struct control	 ctl;		/* its RETRY_CONTROL, a file of its own */
	int		 ready;		/* a's path is made */
	int		 alive;		/* started, not yet ended */
};

struct hedge {
	struct copy	*copies;	/* --hedge-max of them */
	size_t		 n;
	enum due	 due;
	uint64_t	 next;		/* when DELAY is up; 0: not counting */
	uint64_t	 not_before;	/* the server's or command's floor */
	uint64_t	 newest;	/* the newest copy's number */
	uint64_t	 newest_at;	/* and when it started */
	unsigned	 refused;	/* copies the budget refused */
	int		 closed;	/* no copy starts any more */
	enum run_end	 end;		/* closed: why, for the give-up */
};

static size_t
alive(const struct hedge *h)
{
	size_t	i, k = 0;

	for (i = 0; i < h->n; i++)
		k += h->copies[i].alive != 0;
	return k;
}

/* Whether another copy may start now, were one due. */
static int
may_start(const struct run *r, const struct hedge *h)
{
	return !h->closed && r->state == RUN_ON &&
	    (r->o->attempts == 0 || r->made < r->o->attempts) &&
	    alive(h) < h->n;
}

/* A copy not running, its path made: NULL when it cannot be (said). */
static struct copy *
free_copy(struct hedge *h, const struct io *io)
{
	struct copy	*c;
	size_t		 i;

	for (i = 0; i < h->n && h->copies[i].alive; i++)
		;
	c = &h->copies[i];	/* may_start() saw one */
	if (!c->ready) {
		if (attempt_init(&c->a, io) == -1) {
			log_error("cannot set up an attempt's input: %s",
			    strerror(errno));
			return NULL;
		}
		c->ready = 1;
	}
	return c;
}

/*
 * The deadline and the budget's word on the next copy: 1 go, 0 none now
 * (the run goes on with the copies it has), -1 the run is over. With
 * copies running, a copy never waits for a token: no token, no copy.
 */
static int
admit_copy(struct run *r, struct hedge *h, struct budget_ticket *t)
{
	struct log_attempt	next = run_view(r, r->made + 1);
	size_t			running = alive(h);
	enum gate_word		word;

	if (r->deadline != 0 && eventloop_now() >= r->deadline) {
		if (running == 0)
			return run_past_deadline(r) ? -1 : 0;
		h->closed = 1;
		h->end = END_DEADLINE;
		return 0;
	}
	word = running > 0 ? gate_admit_now(&r->gate, &next, t) :
	    gate_admit(&r->gate, &next, t);
	live_end();
	if (word == GATE_STOPPED)
		return -1;
	if (word != GATE_GO && running > 0) {
		if (h->refused++ == 0)
			log_detail("--hedge: no token for another copy; the "
			    "copies running go on");
		return 0;
	}
	if (word == GATE_EXHAUSTED)
		return run_give_up(r, END_BUDGET, r->prev);
	if (word == GATE_CIRCUIT)
		return run_give_up(r, END_CIRCUIT,
		    r->made > 0 ? r->prev : EXIT_TEMPFAIL);
	if (r->deadline != 0 && eventloop_now() >= r->deadline) {
		gate_release(&r->gate, t);
		return admit_copy(r, h, t);	/* the deadline, as above */
	}
	h->refused = 0;
	return 1;
}

/*
 * After the budget refused a copy, the next is asked for after DELAY
 * doubled with each refusal (up to 1024 times): a budget that is out of
 * tokens is not asked every DELAY.
 */
static uint64_t
refused_wait(const struct options *o, unsigned refused)
{
	unsigned	shift = refused < 10 ? refused : 10;
	uint64_t	d = o->hedge_delay != 0 ? o->hedge_delay : 1000000ULL;

	return d > (DURATION_MAX >> shift) ? DURATION_MAX : d << shift;
}

static int	end_copy(struct run *, struct hedge *, struct copy *);
static int	await(struct run *, struct hedge *, uint64_t);

/*
 * Start the copy that is due: the --on-retry hook first for one after a
 * failure, then the budget's word. -1: the run is over.
 */
static int
start_copy(struct run *r, struct hedge *h)
{
	const struct options	*o = r->o;
	struct stop_plan	 at_deadline = { r->deadline, o->kill_after,
				    o->stop_signal, o->idle_timeout };
	struct budget_ticket	 t;
	struct log_attempt	 la;
	struct copy		*c;
	enum due		 why = h->due;
	uint64_t		 now;
	int			 st;

	h->due = DUE_NONE;
	if (why == DUE_FAILURE && o->on_retry != NULL) {
		runenv_on_retry(&r->env, r->prev, 0);
		hooks_run(&r->hooks, "on-retry", o->on_retry, r->made);
		/*
		 * A copy may have ended meanwhile: heard first. One that
		 * failed is due next, after this one; none may be any more.
		 */
		if (run_stopped(r) || await(r, h, 1) == -1 ||
		    r->state != RUN_ON)
			return -1;
		if (h->due == DUE_DELAY)
			h->due = DUE_NONE;
		if (!may_start(r, h))
			return 0;
	}
	if ((st = admit_copy(r, h, &t)) != 1) {
		h->next = eventloop_now() + refused_wait(o, h->refused);
		return st;
	}
	if ((c = free_copy(h, &r->io)) == NULL) {
		gate_release(&r->gate, &t);
		return run_failed(r);
	}
	attempt_begin(&c->a, ++r->made, o->timeout, &at_deadline);
	c->a.ticket = t;
	control_fresh(&c->ctl, &r->env);
	now = eventloop_now();
	r->env.hedge = c->a.number > 1;
	runenv_set(&r->env, c->a.number, now - r->start, r->prev);
	la = run_view(r, c->a.number);
	if (why == DUE_DELAY)
		log_hedge(&la, h->newest, now - h->newest_at);
	log_start(&la);
	if (run_settle_messages(r) == -1)
		return -1;
	if ((st = attempt_start(&c->a, &r->sup, &r->io, o->command,
	    runenv_envp(&r->env))) == -1)
		return run_failed(r);
	h->newest = c->a.number;
	h->newest_at = eventloop_now();
	h->next = h->newest_at + o->hedge_delay;
	c->alive = 1;
	supervise_watch(&c->w, &c->a.child, &c->a.plan, &c->a.path,
	    &c->a.out);
	return st == 1 ? end_copy(r, h, c) : 0;
}

/*
 * A copy that failed, and the run goes on: another starts at once (or
 * at the floor the server or the command set), or none does and the
 * others run on; with none left, the run gives up with this status.
 */
static int
copy_failed(struct run *r, struct hedge *h, const struct verdict *v)
{
	struct log_attempt	la = run_view(r, r->last->number);
	uint64_t		running = alive(h);

	attempt_tell(r->last, &la);
	if (v->kind == VERDICT_GIVE_UP && !h->closed) {
		h->closed = 1;		/* out of attempts, or of time */
		h->end = v->end;
	}
	if (may_start(r, h)) {
		h->due = DUE_FAILURE;
		h->not_before = v->wake > eventloop_now() && v->sleep != 0 ?
		    v->wake : 0;
		log_copy_failed(&la, h->not_before != 0 ? v->sleep : 0,
		    running);
		return 0;
	}
	if (running > 0) {
		log_copy_failed(&la, UINT64_MAX, running);
		return 0;
	}
	return run_give_up(r, h->closed ? h->end : END_ATTEMPTS, v->status);
}

/*
 * A copy ended: the rest of its output taken, its verdict, the budget
 * told. -1: the run is over (a success, a permanent status, a signal).
 */
static int
end_copy(struct run *r, struct hedge *h, struct copy *c)
{
	struct verdict_input	 in;
	const struct verdict	*v = &c->a.v;

	c->alive = 0;
	if (attempt_output(&c->a, &r->io) == -1)
		return run_io_failed(r, &c->a);
	run_stands(r, &c->a, &c->ctl, &in);
	in.delay = 0;		/* no backoff: the floors alone */
	if (attempt_verdict(&c->a, &r->io, &r->policy, &in) == -1)
		return run_io_failed(r, &c->a);
	if (eventloop_signal() != 0)
		return -1;	/* its output went to stderr: the run dies */
	gate_report(&r->gate, &c->a.ticket, verdict_budget_result(v));
	r->last = &c->a;
	r->prev = v->status;
	switch (v->kind) {
	case VERDICT_SUCCESS:
		r->state = RUN_SUCCEEDED;
		r->status = v->status;
		return -1;
	case VERDICT_INTERRUPTED:
		r->dying = v->signo;
		return -1;
	case VERDICT_GIVE_UP:
		if (v->end != END_ATTEMPTS && v->end != END_DEADLINE &&
		    v->end != END_RETRY_AFTER)
			return run_give_up(r, v->end, v->status);
		break;
	case VERDICT_RETRY:
		break;
	}
	return copy_failed(r, h, v);
}

/* When the wait must end to start a copy (0: none can start). */
static uint64_t
wake_for(const struct run *r, const struct hedge *h)
{
	uint64_t	at;

	if (!may_start(r, h))
		return 0;
	at = h->due != DUE_NONE ? h->not_before : h->next;
	if (at != 0 && at < h->not_before)
		at = h->not_before;
	return at == 0 ? 1 : at;	/* 1: at once */
}

/* The copy that ended first of those not heard yet, or NULL. */
static struct copy *
first_ended(struct hedge *h)
{
	struct copy	*c, *first = NULL;
	size_t		 i;

	for (i = 0; i < h->n; i++) {
		c = &h->copies[i];
		if (c->alive && c->w.done && (first == NULL ||
		    c->w.seq < first->w.seq))
			first = c;
	}
	return first;
}

/* Wait for the copies running until one ends or wake; then act on it. */
static int
await(struct run *r, struct hedge *h, uint64_t wake)
{
	struct watch	*ws[HEDGE_MAX_MAX];
	struct copy	*c;
	size_t		 i, k = 0;
	int		 rc;

	for (i = 0; i < h->n; i++)
		if (h->copies[i].alive)
			ws[k++] = &h->copies[i].w;
	if (k == 0) {
		(void)eventloop_sleep_until(wake);
		rc = 0;
	} else
		rc = supervise_wait_any(&r->sup, ws, k, &r->io, wake);
	if (rc == -1) {
		log_error("cannot wait for %s: %s", r->o->command[0],
		    strerror(errno));
		return run_failed(r);
	}
	if (rc == 0 && h->due == DUE_NONE)
		h->due = DUE_DELAY;
	/* In the order they ended: the last to fail gives the status. */
	while (rc == 1 && (c = first_ended(h)) != NULL)
		if (end_copy(r, h, c) == -1)
			return -1;
	return 0;
}

/* One step of the hedged run: start a copy, or wait. -1: it is over. */
static int
step(struct run *r, struct hedge *h)
{
	uint64_t	wake = wake_for(r, h);

	if (h->due != DUE_NONE && wake != 0 && eventloop_now() >= wake)
		return start_copy(r, h);
	if (alive(h) == 0 && wake == 0)
		/* Nothing runs and nothing can start. */
		return run_give_up(r, h->closed ? h->end : END_ATTEMPTS,
		    r->prev);
	return await(r, h, wake);
}

/*
 * A stop signal ended the run: what a copy held goes to stderr, as a
 * failed attempt's does, while the reader takes it.
 */
static void
spill(struct run *r, struct attempt *a)
{
	if (attempt_output(a, &r->io) == -1)
		return;
	io_release(&r->io, &a->path, 0);
	(void)io_deliver(&r->io, &a->path, a->plan.at);
}

/*
 * The run is over: stop the copies still running (a stop signal that
 * retry received reaches them by the wait), wait for their groups to go,
 * and drop what they held.
 */
static void
stop_all(struct run *r, struct hedge *h)
{
	struct watch	*ws[HEDGE_MAX_MAX];
	uint64_t	 by = r->last != NULL ? r->last->number : 0;
	size_t		 i, k;

	/* A copy interrupted by the user: the others get its signal. */
	for (i = 0; i < h->n; i++)
		if (h->copies[i].alive && eventloop_signal() == 0)
			supervise_stop(&r->sup, &h->copies[i].w,
			    r->dying != 0 ? r->dying : r->o->stop_signal);
	for (;;) {
		for (i = 0, k = 0; i < h->n; i++)
			if (h->copies[i].alive && !h->copies[i].w.done)
				ws[k++] = &h->copies[i].w;
		if (k == 0 ||
		    supervise_wait_any(&r->sup, ws, k, &r->io, 0) == -1)
			break;
	}
	for (i = 0; i < h->n; i++) {
		if (!h->copies[i].alive)
			continue;
		h->copies[i].alive = 0;
		gate_release(&r->gate, &h->copies[i].a.ticket);
		if (eventloop_signal() != 0)
			spill(r, &h->copies[i].a);
		else if (r->dying == 0)
			log_dropped(h->copies[i].a.number, by,
			    r->state == RUN_SUCCEEDED,
			    io_drop(&h->copies[i].a.path));
		else
			(void)io_drop(&h->copies[i].a.path);
	}
}

/*
 * Run the copies until one succeeds, a status is permanent, or the
 * copies or the time are used up; the run's state says how it ended.
 */
void
hedge_attempts(struct run *r)
{
	struct hedge	h;

	memset(&h, 0, sizeof h);
	h.n = (size_t)r->o->hedge_max;
	if ((h.copies = calloc(h.n, sizeof *h.copies)) == NULL) {
		log_error("cannot set up the copies: %s", strerror(errno));
		(void)run_failed(r);
		return;
	}
	h.due = DUE_FIRST;
	while (!run_stopped(r) && r->state == RUN_ON && step(r, &h) == 0)
		;
	stop_all(r, &h);
	/* The last copy to end is told of: keep it till the run is said. */
	r->hedged = h.copies;
	r->nhedged = h.n;
}

/* Let go of the copies' paths, once the run has been said. */
void
hedge_free(struct run *r)
{
	struct copy	*copies = r->hedged;
	size_t		 i;

	for (i = 0; copies != NULL && i < r->nhedged; i++) {
		if (copies[i].ready)
			attempt_free(&copies[i].a);
		control_remove(&copies[i].ctl);
	}
	free(copies);
	r->hedged = NULL;
}
