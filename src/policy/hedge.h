/* SPDX-License-Identifier: ISC */
/*
 * When the next attempt starts, and what an attempt's end means for the
 * others in flight (flight.c). Without --hedge, one at a time: the next
 * after the verdict's sleep. With --hedge=DELAY, for a command that is
 * safe to run twice at once, copies side by side, to cut the slow tail
 * ("The Tail at Scale", Dean and Barroso, 2013; gRPC's proposal A6): the
 * first starts at once; while none has succeeded, another starts each
 * time the newest has run DELAY, or at once after a retryable failure, up
 * to --hedge-max alive and --attempts in all. The first success wins and
 * the others are stopped; a permanent status ends them all; when every
 * copy has failed, the run ends with the status of the last to fail.
 * Pure: the caller passes the time in, and does what the answers say.
 */
#ifndef RETRY_HEDGE_H
#define RETRY_HEDGE_H

#include <stddef.h>
#include <stdint.h>

#include "policy/ending.h"
#include "policy/verdict.h"

enum hedge_mode {
	HEDGE_OFF,		/* one attempt at a time, the sleep between */
	HEDGE_ON,		/* --hedge: copies side by side */
};

/* Why the next attempt is due. */
enum hedge_due {
	HEDGE_DUE_NONE,
	HEDGE_DUE_NOW,		/* the run's first, or the next after a sleep */
	HEDGE_DUE_FAILURE,	/* a copy failed: at once (or not_before) */
	HEDGE_DUE_DELAY,	/* the newest copy has run DELAY */
};

/* What an attempt that ended means for the run. */
enum hedge_word {
	HEDGE_WON,		/* it succeeded: so does the run, the others
				   are stopped */
	HEDGE_DIE,		/* a stop signal ended it: the run dies of it */
	HEDGE_GIVE_UP,		/* the run gives up, with its status */
	HEDGE_SLEEP,		/* one at a time: the next after the sleep */
	HEDGE_NEXT,		/* another copy is due (hedge_floor()) */
	HEDGE_OTHERS_ON,	/* none starts; the copies running go on */
};

/* hedge_wake(): no time to wake at, the next can start at once. */
#define HEDGE_AT_ONCE 1

struct hedge {
	enum hedge_mode	 mode;
	size_t		 n;		/* alive at once, at the most */
	uint64_t	 attempts;	/* in all; 0: no limit */
	uint64_t	 delay;		/* --hedge=DELAY */
	enum hedge_due	 due;
	uint64_t	 next;		/* when DELAY is up; 0: not counting */
	uint64_t	 not_before;	/* the server's or command's floor */
	uint64_t	 newest;	/* the newest copy's number */
	uint64_t	 newest_at;	/* and when it started */
	unsigned	 refused;	/* copies the budget refused in a row */
	uint64_t	 uncounted;	/* ended, not counted (--uncounted) */
	int		 closed;	/* no copy starts any more */
	enum run_end	 end;		/* closed: why, for the give-up */
};

void	hedge_start(struct hedge *h, enum hedge_mode mode, size_t n,
	    uint64_t attempts, uint64_t delay);
int	hedge_may_start(const struct hedge *h, size_t running, uint64_t made);
uint64_t hedge_wake(const struct hedge *h, size_t running, uint64_t made);
enum hedge_due hedge_take_due(struct hedge *h);
void	hedge_started(struct hedge *h, uint64_t number, uint64_t now);
void	hedge_woke(struct hedge *h);
void	hedge_heard(struct hedge *h);
int	hedge_refused(struct hedge *h);
void	hedge_admitted(struct hedge *h);
void	hedge_not_now(struct hedge *h, uint64_t now);
void	hedge_close(struct hedge *h, enum run_end why);
enum run_end hedge_end(const struct hedge *h);
enum hedge_word hedge_ended(struct hedge *h, const struct verdict *v,
	    size_t running, uint64_t made, enum run_end *why);
uint64_t hedge_floor(struct hedge *h, const struct verdict *v, uint64_t now);

#endif
