/* SPDX-License-Identifier: ISC */
/*
 * What happens after an attempt: one pure decision from how it ended,
 * what its output showed, the policy and what is left of the run.
 */
#ifndef RETRY_VERDICT_H
#define RETRY_VERDICT_H

#include <stdint.h>

#include "policy/budget.h"
#include "policy/cond.h"
#include "policy/ending.h"
#include "policy/http.h"
#include "policy/outcome.h"
#include "policy/pushback.h"
#include "policy/statuslist.h"

enum verdict_kind {
	VERDICT_SUCCESS,	/* the run ends with the attempt's status */
	VERDICT_RETRY,		/* sleep, then the next attempt */
	VERDICT_GIVE_UP,	/* the run ends: see the end */
	VERDICT_INTERRUPTED,	/* the user stopped it: die of signo */
	VERDICT_AGAIN,		/* --successes: a success short of N in a
				   row; sleep, then the next attempt */
};

/* The longest floor a server or the command may set: --max-server-wait. */
struct server_wait {
	uint64_t	most;		/* ns */
	int		give_up;	/* past it: give up; else sleep most */
};

/* What the options say about outcomes. */
struct verdict_policy {
	const struct statuslist	*success_on;	/* NULL: 0 */
	const struct statuslist	*stop_on;	/* NULL: none */
	const struct statuslist	*retry_on;	/* NULL: every failure */
	const struct conditions	*cond;		/* NULL: none */
	const struct http_list	*http;		/* retried; NULL: no --http */
	uint64_t		 max_attempts;	/* 0: no limit */
	uint64_t		 successes;	/* in a row to succeed; 0, 1: one */
	/* --uncounted: failures that do not count toward max_attempts */
	const struct statuslist	*uncounted;	/* NULL: none */
	const struct http_list	*uncounted_http; /* NULL: none */
	const struct server_wait *max_wait;	/* NULL: 6 h, clamped */
};

/* Why an attempt whose held output was cut short counts as timed out. */
#define VERDICT_LATE_WHY "its output was not read in time"

/* One ended attempt, and where the run stands. */
struct verdict_input {
	const struct outcome	 *out;
	const struct cond_matches *matches;	/* NULL: nothing matched */
	uint64_t		  attempt;	/* its number, from 1 */
	uint64_t		  uncounted;	/* attempts that did not count,
						   ended before it */
	uint64_t		  in_a_row;	/* successes in a row before it */
	uint64_t		  ended;	/* monotonic ns: it and the output
						   it passed through were over */
	uint64_t		  now;		/* monotonic ns, its output out */
	int			  held_late;	/* its held output was cut short */
	uint64_t		  deadline;	/* monotonic ns; 0: none */
	uint64_t		  delay;	/* the backoff's next sleep */
	const struct http_seen	 *http;		/* NULL: no HTTP head read */
	double			  spread;	/* uniform [0, 1): a floor's */
	const struct pushback	 *push;		/* RETRY_CONTROL; NULL: none */
};

struct verdict {
	enum verdict_kind	 kind;
	enum run_end		 end;		/* VERDICT_GIVE_UP: why */
	int			 status;	/* what the attempt counts as */
	int			 signo;		/* VERDICT_INTERRUPTED */
	const char		*why;		/* for messages, or NULL */
	uint64_t		 sleep;		/* VERDICT_RETRY, _AGAIN */
	uint64_t		 wake;		/* and now + sleep */
	int			 uncounted;	/* a failure that does not count
						   toward max_attempts */
	uint64_t		 in_a_row;	/* --successes: successes in a row
						   with it; 0: it failed */
	int			 http_status;	/* the last one read; 0: none */
	uint64_t		 retry_after;	/* ns the server asked; 0: none */
	enum http_wait_from	 retry_after_from; /* in which header */
	enum pushback_word	 pushed;	/* what the command's word did */
	uint64_t		 push_delay;	/* ns the command asked; 0: none */
	int			 wait_cut;	/* a floor was asked past
						   --max-server-wait */
	uint64_t		 wait_most;	/* wait_cut: that most */
};

/*
 * The longest floor a server or the command sets to a sleep unless
 * --max-server-wait says otherwise: 6 h, curl's own limit.
 */
#define VERDICT_FLOOR_MAX_NS (21600 * 1000000000ULL)

/* The budget's answer before an attempt, and where the run stands. */
struct admit_input {
	const struct budget_grant *grant;	/* the store's answer */
	uint64_t		  now;		/* monotonic ns */
	uint64_t		  deadline;	/* monotonic ns; 0: none */
	uint64_t		  until;	/* --budget-wait ends; DURATION_MAX */
	double			  u;		/* uniform [0, 1): a wait's */
};

enum admit_kind {
	ADMIT_GO,		/* start the attempt */
	ADMIT_WAIT,		/* sleep, then ask the store again */
	ADMIT_CIRCUIT,		/* give up: the circuit stays open too long */
	ADMIT_EXHAUSTED,	/* give up: no token came in time */
};

struct admit {
	enum admit_kind	 kind;
	enum budget_hold reason;	/* not GO: what holds it back */
	uint64_t	 wake;		/* ADMIT_WAIT: ask again then */
	uint64_t	 until;		/* no wait past it; DURATION_MAX: none */
};

/*
 * A store whose call failed rests: the run goes on without it (fail
 * open) and asks it again after verdict_store_rest(). The first rest, the
 * longest that doubling makes, and how many times the failed call's own
 * length a rest lasts at least.
 */
#define VERDICT_REST_FIRST_NS	1000000000ULL
#define VERDICT_REST_MAX_NS	60000000000ULL
#define VERDICT_REST_TIMES	4

int	verdict_parse_max_wait(const char *, struct server_wait *,
	    const char **);
int	verdict_success(const struct verdict_policy *,
	    const struct verdict_input *);
void	verdict_decide(const struct verdict_policy *,
	    const struct verdict_input *, struct verdict *);
void	verdict_admit(const struct admit_input *, struct admit *);
uint64_t verdict_store_rest(unsigned, uint64_t);
enum budget_result verdict_budget_result(const struct verdict *);

#endif
