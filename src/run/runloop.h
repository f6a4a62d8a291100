/* SPDX-License-Identifier: ISC */
/*
 * The run's state, shared by the retry loop (run.c) and the hedged one
 * (hedge.c), and the steps of run.c that both take. Not for other
 * modules: they see run.h.
 */
#ifndef RETRY_RUNLOOP_H
#define RETRY_RUNLOOP_H

#include <stdint.h>

#include "run/attempt.h"
#include "policy/backoff.h"
#include "run/control.h"
#include "run/gate.h"
#include "run/hook.h"
#include "proc/io.h"
#include "report/log.h"
#include "run/options.h"
#include "proc/rng.h"
#include "run/runenv.h"
#include "proc/supervise.h"
#include "policy/verdict.h"

struct copy;

/* Where the run stands. */
enum run_state {
	RUN_ON,
	RUN_SUCCEEDED,		/* with the last attempt's status */
	RUN_GAVE_UP,		/* see end */
	RUN_FAILED,		/* retry's own error, said: 125 */
};

/* One run of retry: what every attempt and sleep needs. */
struct run {
	const struct options	*o;
	struct rng		*rng;
	uint64_t		 start;
	uint64_t		 deadline;	/* 0: none */
	struct verdict_policy	 policy;
	struct runenv		 env;
	struct io		 io;
	int			 has_hooks;
	struct backoff_state	 bs;
	struct gate		 gate;		/* --budget, or always go */
	struct attempt		 a;		/* the attempt (not --hedge) */
	const struct attempt	*last;		/* the last to end; NULL */
	struct copy		*hedged;	/* --hedge: the copies */
	size_t			 nhedged;
	struct control		 ctl;		/* RETRY_CONTROL */
	uint64_t		 made;		/* attempts started */
	int			 prev;		/* status; -1 before the first */
	enum run_state		 state;
	enum run_end		 end;		/* RUN_GAVE_UP: why */
	int			 status;	/* once the run is over */
	int			 dying;		/* a signal to die of; 0: none */
	/*
	 * Last, what most runs leave untouched: the supervisor's slots for
	 * side-by-side children (at its end), the hooks' state (issue 28).
	 */
	struct supervise	 sup;
	struct hooks		 hooks;		/* set up when one is given */
};

struct log_attempt run_view(const struct run *, uint64_t);
int	run_stopped(const struct run *);
int	run_give_up(struct run *, enum run_end, int);
int	run_failed(struct run *);
int	run_io_failed(struct run *, const struct attempt *);
int	run_settle_messages(const struct run *);
int	run_past_deadline(struct run *);
void	run_stands(struct run *, const struct attempt *, struct control *,
	    struct verdict_input *);
void	run_record(const struct run *, int);
void	hedge_attempts(struct run *);
void	hedge_free(struct run *);

#endif
