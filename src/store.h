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

#include "budget.h"

struct store;

/* What each kind of store does; store.c calls through it. */
struct store_ops {
	int	(*admit)(struct store *, int, struct budget_grant *);
	int	(*report)(struct store *, enum budget_result, int, int);
	int	(*read)(struct store *, struct budget_state *, uint64_t *,
		    int *);
	void	(*close)(struct store *);
};

/* The part every store shares; a store's own struct starts with it. */
struct store {
	const struct store_ops	*ops;
	struct budget_params	 params;
	char			 name[BUDGET_NAME_MAX + 1];
	char			 error[1024];	/* the last failure */
	char			 warning[1024];	/* to say once; "" none */
	uint64_t		 until;		/* no wait past it; 0: none */
};

void	 store_set_deadline(struct store *, uint64_t);
int	 store_admit(struct store *, int, struct budget_grant *);
int	 store_report(struct store *, enum budget_result, int, int);
int	 store_read(struct store *, struct budget_state *, uint64_t *, int *);
const char *store_error(const struct store *);
const char *store_take_warning(struct store *);
void	 store_close(struct store *);

#endif
