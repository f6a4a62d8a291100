/* SPDX-License-Identifier: ISC */
/*
 * The budget's word before each attempt: ask the store, let
 * verdict_admit decide, and wait as it says, counting the wait on the
 * terminal; after the attempt, tell the store how it ended.
 */
#include "config.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "policy/duration.h"
#include "policy/verdict.h"
#include "proc/eventloop.h"
#include "report/live.h"
#include "run/gate.h"
#include "store/store_url.h"

/*
 * The gate of a run: the store of --budget, opened now (one refused is a
 * usage error, said here: -1), or none, and a gate that always says go.
 */
int
gate_open(struct gate *g, const struct options *o, uint64_t start,
    struct rng *rng)
{
	char	err[4608], shown[1024];

	memset(g, 0, sizeof *g);
	g->name = o->budget;
	g->start = start;
	g->rng = rng;
	g->wait_limit = DURATION_MAX;
	if (o->budget != NULL && (g->store = store_open(o->store, o->budget,
	    &o->budget_params, STORE_CREATE, err, sizeof err)) == NULL) {
		store_url_shown(o->store, shown, sizeof shown);
		log_error("cannot use --store=%s: %s", shown, err);
		return -1;
	}
	return 0;
}

/* No wait past the deadline (0: none) or --budget-wait (DURATION_MAX). */
void
gate_set_limits(struct gate *g, uint64_t deadline, uint64_t wait_limit)
{
	g->deadline = deadline;
	g->wait_limit = wait_limit;
	if (g->store != NULL)
		store_set_deadline(g->store, deadline);
}

/* The budget's part of a message: its name, tokens and circuit. */
void
gate_tell(const struct gate *g, struct log_attempt *la)
{
	la->elapsed_ns = eventloop_now() - g->start;
	if (g->name == NULL)
		return;
	la->budget = g->name;
	la->tokens = g->grant.tokens;
	la->circuit = g->grant.circuit;
	la->circuit_ns = g->grant.wait;
}

/* Whether the store is there to ask now: it is not resting. */
static int
usable(const struct gate *g)
{
	return g->store != NULL && eventloop_now() >= g->rest_until;
}

/*
 * Say what the store left to say after a call that began at since. One
 * that failed rests (the run goes on without it, fail open), unless it
 * kept a slow connection to read its answer from at the next ask; it is
 * said once a run, and -v says when it answers again.
 */
static void
after_call(struct gate *g, int failed, uint64_t since)
{
	const char	*w;
	char		 msg[4608];
	uint64_t	 now = eventloop_now(), rest;

	if ((w = store_take_warning(g->store)) != NULL) {
		snprintf(msg, sizeof msg, "warning: %s", w);
		log_notice(msg);
	}
	g->owed = 0;
	if (!failed) {
		if (g->failures != 0) {
			snprintf(msg, sizeof msg, "budget %s: the store "
			    "answers again", g->name);
			log_detail(msg);
		}
		g->failures = 0;
		return;
	}
	if (g->failures < UINT_MAX)
		g->failures++;
	/*
	 * A connection kept with its answers owed: the next attempt's
	 * admission reads them, and no report goes before it (it would only
	 * wait for the same slow server).
	 */
	g->owed = g->store->kept;
	rest = g->owed ? 0 : verdict_store_rest(g->failures, now - since);
	g->rest_until = rest < UINT64_MAX - now ? now + rest : UINT64_MAX;
	memset(&g->grant, 0, sizeof g->grant);
	if (g->warned)
		return;
	g->warned = 1;
	snprintf(msg, sizeof msg, "warning: budget %s cannot be used (%s); "
	    "going on without it", g->name, store_error(g->store));
	log_notice(msg);
}

/* A wait for the store ended: say how long it held the attempt back. */
static void
say_waited(const struct gate *g, const struct log_attempt *next,
    struct log_wait *w, uint64_t since)
{
	struct log_attempt	la = *next;

	if (g->silent)
		return;
	gate_tell(g, &la);
	w->waited_ns = eventloop_now() - since;
	log_budget_wait(&la, w);
}

/*
 * Wait as verdict_admit says, counted on the terminal (anew when what
 * holds the attempt back changed, or the count went); the time goes to
 * its reason. Returns the stop signal that ended the wait, or 0.
 */
static int
hold(const struct gate *g, const struct log_attempt *next,
    const struct admit *a, struct log_wait *w, uint64_t since)
{
	struct log_attempt	la = *next;
	uint64_t		from = eventloop_now();
	int			sig;

	if (w->reason != a->reason || !live_active()) {
		gate_tell(g, &la);
		/* A count up counts from the wait's start. */
		log_sleep_live(&la, a->reason == HOLD_CIRCUIT ? SLEEP_CIRCUIT :
		    SLEEP_TOKEN, a->until, a->until >= LIVE_NO_END ? since :
		    from);
	}
	w->reason = a->reason;
	sig = eventloop_sleep_until(a->wake);
	if (a->reason == HOLD_TOKEN)
		w->token_ns += eventloop_now() - from;
	else
		w->circuit_ns += eventloop_now() - from;
	return sig;
}

/*
 * A wait that may begin at since: the question to the store, and the
 * longest the wait may last (for its event).
 */
static void
begin_wait(const struct gate *g, uint64_t since, struct admit_input *in,
    struct log_wait *w)
{
	memset(in, 0, sizeof *in);
	in->grant = &g->grant;
	in->deadline = g->deadline;
	in->until = g->wait_limit < DURATION_MAX - since ?
	    since + g->wait_limit : DURATION_MAX;
	memset(w, 0, sizeof *w);
	w->reason = HOLD_NONE;
	w->got = 1;	/* unless it gives up */
	if (g->deadline != 0 && g->deadline < in->until)
		w->limit_ns = g->deadline > since ? g->deadline - since : 0;
	else
		w->limit_ns = in->until == DURATION_MAX ? DURATION_MAX :
		    in->until - since;
}

/* One question to the store, and verdict_admit's word on its answer. */
static int
ask(struct gate *g, enum budget_attempt attempt, struct admit_input *in,
    struct admit *a)
{
	uint64_t	since = eventloop_now();
	int		failed;

	failed = store_admit(g->store, attempt, &g->grant) == -1;
	if (failed && eventloop_signal() != 0)
		return -1;	/* a signal cut the call short: say nothing */
	after_call(g, failed, since);
	if (failed)
		return -1;
	in->now = eventloop_now();
	/* Drawn only for a wait: --seed schedules stay as they were. */
	in->u = g->grant.answer != BUDGET_GO ? rng_uniform(g->rng) : 0;
	verdict_admit(in, a);
	return 0;
}

/*
 * The budget's word before the next attempt (next: its message, from
 * the run): go, after a wait maybe, or give up. The attempt's ticket
 * says what it took.
 */
enum gate_word
gate_admit(struct gate *g, const struct log_attempt *next,
    struct budget_ticket *t)
{
	struct log_wait		w;
	struct admit_input	in;
	struct admit		a;
	uint64_t		since = eventloop_now();
	enum budget_attempt	attempt = next->attempt == 1 ? BUDGET_FIRST :
				    BUDGET_RETRY;

	memset(t, 0, sizeof *t);
	begin_wait(g, since, &in, &w);
	while (usable(g) && ask(g, attempt, &in, &a) == 0) {
		switch (a.kind) {
		case ADMIT_GO:
			t->token = attempt == BUDGET_RETRY;
			t->probe = g->grant.probe;
			if (w.reason != HOLD_NONE)
				say_waited(g, next, &w, since);
			return GATE_GO;
		case ADMIT_CIRCUIT:
			w.reason = a.reason;
			w.got = 0;
			if (w.token_ns + w.circuit_ns != 0)
				say_waited(g, next, &w, since);
			return GATE_CIRCUIT;
		case ADMIT_EXHAUSTED:
			w.reason = a.reason;
			w.got = 0;
			say_waited(g, next, &w, since);
			return GATE_EXHAUSTED;
		case ADMIT_WAIT:
			if (hold(g, next, &a, &w, since) != 0)
				return GATE_STOPPED;
			break;
		}
	}
	if (eventloop_signal() != 0)
		return GATE_STOPPED;
	/* The store failed or rests: the run goes on without it. */
	if (w.reason != HOLD_NONE)
		say_waited(g, next, &w, since);
	return GATE_GO;
}

/*
 * The budget's word on an attempt that starts now or not at all (a
 * hedged copy): no wait, and a refusal said by the caller.
 */
enum gate_word
gate_admit_now(struct gate *g, const struct log_attempt *next,
    struct budget_ticket *t)
{
	uint64_t	limit = g->wait_limit;
	enum gate_word	word;

	g->wait_limit = 0;
	g->silent = 1;
	word = gate_admit(g, next, t);
	g->wait_limit = limit;
	g->silent = 0;
	return word;
}

/* An attempt let through that will not start: its probe goes back. */
void
gate_release(struct gate *g, const struct budget_ticket *t)
{
	if (usable(g) && !g->owed && t->probe)
		(void)store_report(g->store, BUDGET_NEUTRAL, t);
}

/*
 * How the attempt ended, for the budget and the breaker. One that a stop
 * signal ended says nothing of the service; a probe's slot ends with its
 * DURATION.
 */
void
gate_report(struct gate *g, const struct budget_ticket *t,
    enum budget_result res)
{
	uint64_t	since = eventloop_now();
	int		failed;

	if (!usable(g) || g->owed || eventloop_signal() != 0)
		return;
	failed = store_report(g->store, res, t) == -1;
	if (failed && eventloop_signal() != 0)
		return;		/* the run dies of it next */
	after_call(g, failed, since);
}

void
gate_close(struct gate *g)
{
	store_close(g->store);
	g->store = NULL;
}
