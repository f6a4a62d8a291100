/* SPDX-License-Identifier: ISC */
/*
 * Why a run gives up: what the verdict on an attempt says, and what the
 * run finds before or after one. The messages and JSON name each one.
 */
#ifndef RETRY_ENDING_H
#define RETRY_ENDING_H

enum run_end {
	END_NONE,
	END_EXEC,		/* the command could not be run */
	END_PERMANENT,		/* a status that is not retried */
	END_ATTEMPTS,		/* the attempts are used up */
	END_DEADLINE,		/* the next attempt would start too late */
	END_RETRY_AFTER,	/* the server's Retry-After ends too late */
	END_OUTPUT,		/* a success's held output was cut short */
	END_BUDGET,		/* no token came in time */
	END_CIRCUIT,		/* the circuit stays open too long */
	END_PUSHBACK,		/* the command asked: stop, or a delay too long */
	END_SERVER_WAIT,	/* a wait asked past --max-server-wait:give-up */
};

#endif
