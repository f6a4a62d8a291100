/* SPDX-License-Identifier: ISC */
/*
 * A retry budget (a token bucket) and a circuit breaker shared by the runs
 * that name the same budget: the arithmetic only. The store (store.c)
 * keeps the state, serializes the changes and passes its clock in, so
 * every rule here is a pure function of the state, the parameters and
 * the time.
 */
#ifndef RETRY_BUDGET_H
#define RETRY_BUDGET_H

#include <stddef.h>
#include <stdint.h>

#define BUDGET_NAME_MAX 128
#define BUDGET_DEFAULT_BURST 10.0
#define BUDGET_DEFAULT_RATIO 0.1	/* the SRE book's 10 % */
#define BUDGET_DEFAULT_RATE 1.0		/* tokens a second */
/*
 * Tokens a success adds beyond its own, and the share of the burst that
 * the first success after a burst's worth of failures in a row brings
 * the bucket up to: both chosen on bench/herd (RESULTS.md, issue 22's
 * sweep). With the refill, a gain only adds rejections where the service
 * sheds load.
 */
#define BUDGET_DEFAULT_GAIN 0.0
#define BUDGET_DEFAULT_RECOVER 1.0

/* What the options say; every run brings its own. */
struct budget_params {
	double		burst;		/* tokens at most, >= 1 */
	double		ratio;		/* deposited by a first attempt */
	double		rate;		/* tokens added a second */
	double		gain;		/* added by a success, beyond its own */
	double		recover;	/* of burst, after an outage; 0: none */
	uint32_t	breaker_k;	/* 0: no breaker in this run */
	uint64_t	breaker_ns;	/* how long the circuit stays open */
};

/* The shared state, as the store keeps it. Times are the store's clock. */
struct budget_state {
	double		tokens;
	uint64_t	at;		/* when tokens was last brought up */
	uint32_t	fails;		/* consecutive failed attempts */
	uint64_t	open_until;	/* 0: closed; then half-open */
	uint64_t	probe_until;	/* half-open: the probe's slot ends */
};

/* The circuit breaker's state, at a given moment. */
enum circuit_state {
	CIRCUIT_CLOSED,
	CIRCUIT_OPEN,		/* for its DURATION */
	CIRCUIT_HALF_OPEN,	/* its DURATION over: one probe may go */
};

/* What holds an attempt back when the budget does not say go. */
enum budget_hold {
	HOLD_NONE,
	HOLD_TOKEN,		/* a retry: no token yet */
	HOLD_CIRCUIT,		/* the circuit is open, or its probe is out */
};

enum budget_answer {
	BUDGET_GO,		/* start the attempt */
	BUDGET_NO_TOKEN,	/* a retry: no token yet */
	BUDGET_OPEN,		/* the circuit is open (or a probe is out) */
};

/* The answer to a run that asks to start an attempt. */
struct budget_grant {
	enum budget_answer	answer;
	int			probe;	/* GO: the half-open probe */
	uint64_t		wait;	/* not GO: ns until it may change */
	double			tokens;	/* left, after the request */
	enum circuit_state	circuit;
};

/* Which attempt asks: a run's first deposits, a retry takes a token. */
enum budget_attempt {
	BUDGET_RETRY,
	BUDGET_FIRST,
};

/* What an attempt holds of the budget, for its report. */
struct budget_ticket {
	int	token;		/* it took a token (a retry) */
	int	probe;		/* it is the half-open circuit's probe */
};

/* How an attempt ended, for the budget and the breaker. */
enum budget_result {
	BUDGET_SUCCESS,		/* closes the circuit; a retry's token back */
	BUDGET_FAILURE,		/* one that retry would retry */
	BUDGET_NEUTRAL,		/* neither: a permanent status, a signal */
};

void	budget_fresh(const struct budget_params *, struct budget_state *,
	    uint64_t);
void	budget_admit(const struct budget_params *p, struct budget_state *s,
	    uint64_t now, enum budget_attempt attempt, struct budget_grant *g);
void	budget_report(const struct budget_params *p, struct budget_state *s,
	    uint64_t now, enum budget_result r, const struct budget_ticket *t);
enum circuit_state budget_circuit(const struct budget_params *,
	    const struct budget_state *, uint64_t);
const char *budget_circuit_name(enum circuit_state);
double	budget_tokens(const struct budget_params *,
	    const struct budget_state *, uint64_t);
int	budget_name_valid(const char *);
int	budget_format(const struct budget_state *, char *, size_t);
int	budget_parse(const char *, size_t, struct budget_state *);
int	budget_parse_burst(const char *, double *, const char **);
int	budget_parse_ratio(const char *, double *, const char **);
int	budget_parse_rate(const char *, double *, const char **);
int	budget_parse_breaker(const char *, uint32_t *, uint64_t *,
	    const char **);

#endif
