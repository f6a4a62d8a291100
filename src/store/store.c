/* SPDX-License-Identifier: ISC */
/*
 * The store interface: the calls the loop makes, passed on to the store
 * that store_url.c opened. A store that fails after it opened is left
 * alone by the caller (fail open): a budget never fails a run.
 */
#include "config.h"

#include <string.h>

#include "policy/large.h"
#include "store/store.h"

/*
 * The run's deadline, on the monotonic clock of eventloop_now() (0:
 * none): a store waits (for a lock, a server) for part of the time left.
 */
void
store_set_deadline(struct store *s, uint64_t deadline)
{
	s->until = deadline;
}

/* Ask to start an attempt, the run's first or a retry. -1: the store failed. */
int
store_admit(struct store *s, enum budget_attempt attempt,
    struct budget_grant *g)
{
	return s->ops->admit(s, attempt, g);
}

/* Tell how an attempt ended. -1: the store failed. */
int
store_report(struct store *s, enum budget_result r,
    const struct budget_ticket *t)
{
	return s->ops->report(s, r, t);
}

/*
 * The state as it is, without changing it, and the store's time;
 * *fresh: there is none yet (a new budget). -1: the store failed.
 */
int
store_read(struct store *s, struct budget_state *st, uint64_t *now,
    int *fresh)
{
	return s->ops->read(s, st, now, fresh);
}

/* Why the last call failed. */
const char *
store_error(const struct store *s)
{
	return s->error;
}

/* A warning the last call left (a corrupt file replaced), or NULL. */
const char *
store_take_warning(struct store *s)
{
	static char	w[sizeof s->warning] LARGE_ZEROED;

	if (s->warning[0] == '\0')
		return NULL;
	memcpy(w, s->warning, sizeof w);
	s->warning[0] = '\0';
	return w;
}

void
store_close(struct store *s)
{
	if (s != NULL)
		s->ops->close(s);
}
