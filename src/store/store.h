/* SPDX-License-Identifier: ISC */
/*
 * Where shared budgets live: one small interface over the stores, so that
 * the loop never knows whether the state sits in a file or on a server.
 * Each call is one atomic change of one budget's state (budget.c's
 * arithmetic, done under the store's lock or in its server). Which store
 * a URL names, and opening it: store_url.h.
 */
#ifndef RETRY_STORE_H
#define RETRY_STORE_H

#include <stdint.h>

#include "policy/budget.h"

struct store;

/*
 * store_open, store_file_open: whether a missing directory is made (a
 * run), or the budget read as new (a dry run, which makes nothing).
 */
enum store_create {
	STORE_NO_CREATE,
	STORE_CREATE,
};


/* What each kind of store does; store.c calls through it. */
struct store_ops {
	int	(*admit)(struct store *s, enum budget_attempt attempt,
		    struct budget_grant *g);
	int	(*report)(struct store *s, enum budget_result r,
		    const struct budget_ticket *t);
	int	(*read)(struct store *s, struct budget_state *st,
		    uint64_t *now, int *fresh);
	void	(*close)(struct store *s);
};

/* The part every store shares; a store's own struct starts with it. */
struct store {
	const struct store_ops	*ops;
	struct budget_params	 params;
	char			 name[BUDGET_NAME_MAX + 1];
	char			 error[1024];	/* the last failure */
	char			 warning[1024];	/* to say once; "" none */
	uint64_t		 until;		/* no wait past it; 0: none */
	int			 kept;		/* the call ran out of time on a
						   connection kept for the next */
};

void	 store_set_deadline(struct store *s, uint64_t deadline);
int	 store_admit(struct store *s, enum budget_attempt attempt,
	    struct budget_grant *g);
int	 store_report(struct store *s, enum budget_result r,
	    const struct budget_ticket *t);
int	 store_read(struct store *s, struct budget_state *st, uint64_t *now,
	    int *fresh);
const char *store_error(const struct store *s);
const char *store_take_warning(struct store *s);
void	 store_close(struct store *s);

#endif
