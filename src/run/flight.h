/* SPDX-License-Identifier: ISC */
/*
 * The attempt loop, over the attempts in flight: one at a time, or the
 * copies of --hedge side by side. When the next starts and what an ended
 * one means are the hedge's rules (policy/hedge.h); the run (run.c) sets
 * up what the attempts run with, and says how the run ended.
 */
#ifndef RETRY_FLIGHT_H
#define RETRY_FLIGHT_H

#include <stddef.h>
#include <stdint.h>

#include "policy/backoff.h"
#include "policy/ending.h"
#include "policy/hedge.h"
#include "proc/supervise.h"
#include "report/log.h"
#include "run/attempt.h"
#include "run/control.h"
#include "run/options.h"

struct gate;
struct held;
struct hooks;
struct io;
struct rng;
struct runenv;
struct verdict_policy;

/*
 * What the attempts run with: the run's own, set up before the loop and
 * freed after it by run.c. The loop uses them and frees none.
 */
struct rig {
	const struct options		*o;
	struct rng			*rng;
	uint64_t			 start;
	uint64_t			 deadline;	/* 0: none */
	const struct verdict_policy	*policy;
	struct runenv			*env;
	struct io			*io;
	struct gate			*gate;
	struct supervise		*sup;
	struct hooks			*hooks;	/* used with a hook only */
	struct held			*held;	/* --output=on-failure; NULL */
};

/* Where the run stands. */
enum run_state {
	RUN_ON,
	RUN_SUCCEEDED,		/* with the last attempt's status */
	RUN_GAVE_UP,		/* see end */
	RUN_FAILED,		/* retry's own error, said: 125 */
};

/* An attempt in flight, with its wait and its RETRY_CONTROL file. */
struct copy {
	struct attempt	 a;
	struct watch	 w;
	struct control	 ctl;
	int		 ready;		/* a's path is made */
	int		 alive;		/* started, not yet ended */
};

/*
 * The attempts, in flight and ended, and how the run stands. Written here
 * alone; run.c reads where the run stands once flight_run() is over.
 */
struct flight {
	struct rig		 g;
	struct backoff_state	 bs;
	struct backoff_parts	 parts;		/* the last sleep's, for -vv */
	struct hedge		 h;		/* when the next starts */
	struct copy		*copies;	/* &one, or --hedge's, n of them */
	size_t			 n;
	/* How the run stands, for run.c to say and count. */
	const struct attempt	*last;		/* the last to end; NULL */
	uint64_t		 made;		/* attempts started */
	uint64_t		 sched_from;	/* attempts made before the first
						   of the backoff's schedule
						   (--reset-after, --successes
						   start it again): its n is
						   made - sched_from */
	uint64_t		 reset_ran;	/* --reset-after: the last
						   attempt ran this long, and
						   the schedule starts again;
						   0: it does not */
	uint64_t		 in_a_row;	/* --successes: so far */
	int			 prev;		/* status; -1 before the first */
	enum run_state		 state;
	enum run_end		 end;		/* RUN_GAVE_UP: why */
	int			 status;	/* once the run is over */
	int			 dying;		/* a signal to die of; 0: none */
	int			 http_told;	/* --http: no status line, said */
	struct copy		 one;		/* the attempt, one at a time */
	/*
	 * What a wait watches, filled for each: not on the stack, and a plain
	 * run touches the first alone (issue 28).
	 */
	struct watch		*ws[HEDGE_MAX_MAX];
};

void	flight_init(struct flight *f, const struct rig *g);
int	flight_prepare(struct flight *f);
void	flight_run(struct flight *f);
struct log_attempt flight_view(const struct flight *f, uint64_t n);
struct log_attempt flight_view_last(const struct flight *f);
int	flight_stopped(const struct flight *f);
void	flight_output_lost(struct flight *f);
void	flight_free(struct flight *f);

#endif
