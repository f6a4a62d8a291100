/* SPDX-License-Identifier: ISC */
/*
 * The hedge's rules (hedge.h): the loop over the attempts in flight
 * (flight.c) asks when the next starts and what an ended one means, and
 * tells what happened: a start, a wake, the budget's refusal.
 */
#include "config.h"

#include <string.h>

#include "policy/duration.h"
#include "policy/hedge.h"

void
hedge_start(struct hedge *h, enum hedge_mode mode, size_t n,
    uint64_t attempts, uint64_t delay)
{
	memset(h, 0, sizeof *h);
	h->mode = mode;
	h->n = mode == HEDGE_ON ? n : 1;
	h->attempts = attempts;
	h->delay = delay;
	h->due = HEDGE_DUE_NOW;
}

/*
 * Whether another may start now, were one due: running of made so far,
 * of which h->uncounted ended without counting toward the attempts.
 */
int
hedge_may_start(const struct hedge *h, size_t running, uint64_t made)
{
	/* Failures that --uncounted lets go do not count. */
	uint64_t	counted = made > h->uncounted ? made - h->uncounted : 0;

	return !h->closed && (h->attempts == 0 || counted < h->attempts) &&
	    running < h->n;
}

/*
 * When the wait must end to start the next (0: none can start; at once:
 * HEDGE_AT_ONCE): when it is due, else when DELAY is up, never before the
 * floor a failed copy's server or command set.
 */
uint64_t
hedge_wake(const struct hedge *h, size_t running, uint64_t made)
{
	uint64_t	at;

	if (!hedge_may_start(h, running, made))
		return 0;
	at = h->due != HEDGE_DUE_NONE ? h->not_before : h->next;
	if (at != 0 && at < h->not_before)
		at = h->not_before;
	return at == 0 ? HEDGE_AT_ONCE : at;
}

/* Why the next is due, as it starts: due no more. */
enum hedge_due
hedge_take_due(struct hedge *h)
{
	enum hedge_due	why = h->due;

	h->due = HEDGE_DUE_NONE;
	return why;
}

/* A copy started at now: the next is due once it has run DELAY. */
void
hedge_started(struct hedge *h, uint64_t number, uint64_t now)
{
	h->newest = number;
	h->newest_at = now;
	h->next = now + h->delay;
}

/* The wait ended at its wake, no copy ended: DELAY is up. */
void
hedge_woke(struct hedge *h)
{
	if (h->due == HEDGE_DUE_NONE)
		h->due = HEDGE_DUE_DELAY;
}

/*
 * A wait that only heard the copies that ended meanwhile (as the hook
 * before a copy ran) woke at once, not at DELAY: no copy is due for it.
 * One due after a failure stays due, after the one that starts now.
 */
void
hedge_heard(struct hedge *h)
{
	if (h->due == HEDGE_DUE_DELAY)
		h->due = HEDGE_DUE_NONE;
}

/* The budget refused a copy: whether it is the first refusal in a row. */
int
hedge_refused(struct hedge *h)
{
	return h->refused++ == 0;
}

void
hedge_admitted(struct hedge *h)
{
	h->refused = 0;
}

/*
 * No copy started now (the budget refused one, or the deadline came): the
 * next is asked for after DELAY doubled with each refusal (up to 1024
 * times), so that a budget that is out of tokens is not asked every DELAY.
 */
void
hedge_not_now(struct hedge *h, uint64_t now)
{
	unsigned	shift = h->refused < 10 ? h->refused : 10;
	uint64_t	d = h->delay != 0 ? h->delay : 1000000ULL;

	h->next = now + (d > (DURATION_MAX >> shift) ? DURATION_MAX :
	    d << shift);
}

/* No copy starts any more (out of attempts, or of time): why. */
void
hedge_close(struct hedge *h, enum run_end why)
{
	if (h->closed)
		return;
	h->closed = 1;
	h->end = why;
}

/* Why the run gives up once nothing runs and nothing can start. */
enum run_end
hedge_end(const struct hedge *h)
{
	return h->closed ? h->end : END_ATTEMPTS;
}

/*
 * An attempt ended with verdict v, running others still alive of made so
 * far. A permanent status ends the run, and so the copies; a failure
 * that is not lets the others run on and the next start (at once side by
 * side, after the sleep one at a time); with none left and none to
 * start, the run gives up with its status. *why: the give-up's reason.
 */
enum hedge_word
hedge_ended(struct hedge *h, const struct verdict *v, size_t running,
    uint64_t made, enum run_end *why)
{
	if (v->uncounted)
		h->uncounted++;
	switch (v->kind) {
	case VERDICT_SUCCESS:
		return HEDGE_WON;
	case VERDICT_INTERRUPTED:
		return HEDGE_DIE;
	case VERDICT_GIVE_UP:
		if (v->end != END_ATTEMPTS && v->end != END_DEADLINE &&
		    v->end != END_RETRY_AFTER) {
			*why = v->end;
			return HEDGE_GIVE_UP;
		}
		hedge_close(h, v->end);	/* out of attempts, or of time */
		break;
	case VERDICT_RETRY:
	case VERDICT_AGAIN:	/* --successes: one at a time only */
		break;
	}
	if (hedge_may_start(h, running, made)) {
		if (h->mode == HEDGE_OFF) {
			h->due = HEDGE_DUE_NOW;
			return HEDGE_SLEEP;
		}
		h->due = HEDGE_DUE_FAILURE;
		return HEDGE_NEXT;
	}
	if (running > 0)
		return HEDGE_OTHERS_ON;
	*why = hedge_end(h);
	return HEDGE_GIVE_UP;
}

/*
 * The copy due after v (HEDGE_NEXT) starts at once, or at the floor its
 * server or command set (a Retry-After, a delay it asked) while that is
 * still to come at now. Returns that floor's sleep, to be told; 0: none.
 */
uint64_t
hedge_floor(struct hedge *h, const struct verdict *v, uint64_t now)
{
	h->not_before = v->wake > now && v->sleep != 0 ? v->wake : 0;
	return h->not_before != 0 ? v->sleep : 0;
}
