/* SPDX-License-Identifier: ISC */
/*
 * One attempt as one object: its process group, its output path and
 * spool, its time limit and what it left. Nothing of an attempt lives
 * outside it, so that two can be alive at once: the loop (flight.c) has
 * one, begun anew for each attempt, its path made once and kept, or the
 * copies of --hedge side by side.
 */
#ifndef RETRY_ATTEMPT_H
#define RETRY_ATTEMPT_H

#include <stdint.h>

#include "policy/budget.h"
#include "policy/cond.h"
#include "policy/http.h"
#include "policy/outcome.h"
#include "policy/verdict.h"
#include "proc/io.h"
#include "proc/supervise.h"
#include "report/log.h"

struct attempt {
	struct child		 child;		/* its process group */
	struct io_path		 path;		/* its pipes, its held output */
	uint64_t		 number;	/* from 1 */
	uint64_t		 timeout;	/* --timeout; 0: none */
	uint64_t		 started;	/* monotonic ns, about */
	struct stop_plan	 plan;		/* when it is stopped */
	struct budget_ticket	 ticket;	/* what it holds of the budget */
	struct outcome		 out;
	struct cond_matches	 matches;	/* what its output matched */
	struct http_seen	 http;		/* --http: the heads it showed */
	struct verdict		 v;		/* taken once its output is out */
};

int	attempt_init(struct attempt *a, const struct io *io);
void	attempt_begin(struct attempt *a, uint64_t number, uint64_t timeout,
	    const struct stop_plan *at_deadline);
int	attempt_start(struct attempt *a, struct supervise *sup, struct io *io,
	    char **argv, char **envp);
int	attempt_run(struct attempt *a, struct supervise *sup, struct io *io,
	    char **argv, char **envp);
int	attempt_output(struct attempt *a, struct io *io);
int	attempt_io_error(const struct attempt *a, const struct io *io);
void	attempt_http_unseen(const struct attempt *a,
	    const struct verdict_policy *policy, int *told);
void	attempt_tell(const struct attempt *a, struct log_attempt *la);
void	attempt_free(struct attempt *a);
int	attempt_verdict(struct attempt *a, struct io *io,
	    const struct verdict_policy *policy, struct verdict_input *in);

#endif
