/* SPDX-License-Identifier: ISC */
/*
 * The shared budget around each attempt (--budget): before it, the
 * store's word and the wait it may take (verdict_admit decides); after
 * it, how it ended. A store whose call fails rests: the run goes on
 * without it (fail open) and asks it again later (verdict_store_rest).
 */
#ifndef RETRY_GATE_H
#define RETRY_GATE_H

#include <stdint.h>

#include "policy/budget.h"
#include "proc/rng.h"
#include "report/log.h"
#include "run/options.h"
#include "store/store.h"

struct gate {
	struct store		*store;		/* NULL: none */
	const char		*name;		/* --budget NAME */
	uint64_t		 start;		/* the run's, for elapsed times */
	uint64_t		 deadline;	/* 0: none */
	uint64_t		 wait_limit;	/* --budget-wait; DURATION_MAX */
	struct rng		*rng;		/* a wait's stretch */
	struct budget_grant	 grant;		/* the store's last answer */
	unsigned		 failures;	/* failed calls in a row */
	uint64_t		 rest_until;	/* no call before; 0: none */
	int			 warned;	/* a failure was said */
	int			 silent;	/* gate_admit_now(): no wait said */
	int			 owed;		/* its slow answers wait: no
						   report before the next ask */
};

/* The gate's word on the next attempt. */
enum gate_word {
	GATE_GO,		/* start it */
	GATE_EXHAUSTED,		/* give up: no token came in time */
	GATE_CIRCUIT,		/* give up: the circuit stays open too long */
	GATE_STOPPED,		/* a stop signal came */
};

int	gate_open(struct gate *g, const struct options *o, uint64_t start,
	    struct rng *rng);
void	gate_set_limits(struct gate *g, uint64_t deadline,
	    uint64_t wait_limit);
enum gate_word gate_admit(struct gate *g, const struct log_attempt *next,
	    struct budget_ticket *t);
enum gate_word gate_admit_now(struct gate *g, const struct log_attempt *next,
	    struct budget_ticket *t);
void	gate_release(struct gate *g, const struct budget_ticket *t);
void	gate_report(struct gate *g, const struct budget_ticket *t,
	    enum budget_result res);
void	gate_tell(const struct gate *g, struct log_attempt *la);
void	gate_close(struct gate *g);

#endif
