/* SPDX-License-Identifier: ISC */
/*
 * The backoff invariants that every policy options_parse accepts must keep:
 * every sleep and both ends of its range within [0, cap], lo <= hi, the
 * sleep within its range, growing strategies never shrinking.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "policy/backoff.h"
#include "invariants.h"

/* The largest double below 1: a uniform draw can come this close. */
#define ALMOST_ONE 0x1.fffffffffffffp-1

/* Pairs of uniform draws (u, v), the ends of [0, 1) included. */
static const double draws[][2] = {
	{ 0, 0 },
	{ 0.5, 0.5 },
	{ ALMOST_ONE, 0.25 },
	{ 0.25, ALMOST_ONE },
	{ ALMOST_ONE, 0 },
};

#define NDRAWS (sizeof draws / sizeof draws[0])

/* Retries beyond the first 64, where only overflow could go wrong. */
static const uint64_t far[] = { 1000, 1000000, UINT64_MAX / 2, UINT64_MAX };

#define NFAR (sizeof far / sizeof far[0])

void
invariants_fail(const char *file, int line, const char *cond)
{
	fprintf(stderr, "%s:%d: invariant failed: %s\n", file, line, cond);
	abort();
}

/* Does this strategy's ceiling never shrink as n grows? */
static int
grows(const struct backoff *b)
{
	switch (b->strategy) {
	case STRATEGY_EXPONENTIAL:
	case STRATEGY_LINEAR:
	case STRATEGY_FIBONACCI:
	case STRATEGY_CONSTANT:
		return 1;
	default:
		return 0;
	}
}

/*
 * One retry: the range, then the sleep drawn from the same state. The
 * sleep may miss its range only by the rounding of double arithmetic.
 */
static void
check_step(const struct backoff *b, struct backoff_state *st, uint64_t n,
    double u, double v)
{
	uint64_t	lo, hi, d, sleep, slack;

	d = backoff_ceiling(b, n);
	backoff_range(b, st, n, &lo, &hi);
	sleep = backoff_next(b, st, n, u, v);
	CHECK(d <= b->cap);
	CHECK(lo <= hi);
	CHECK(hi <= b->cap);
	CHECK(sleep <= b->cap);
	CHECK(st->prev == sleep);
	slack = 2 + (hi >> 40);
	CHECK(sleep + slack >= lo);
	CHECK(sleep <= hi + slack);
	if (b->jitter == JITTER_NONE) {
		CHECK(lo == d && hi == d);
		CHECK(sleep == d);
	}
}

/* Walk retries 1..64 and a few far ones for each pair of draws. */
void
invariants_backoff(const struct backoff *b)
{
	struct backoff_state	st;
	uint64_t		n, d, prev;
	size_t			i, j;

	for (i = 0; i < NDRAWS; i++) {
		backoff_start(b, &st);
		CHECK(st.prev == b->base);
		for (n = 1; n <= 64; n++)
			check_step(b, &st, n, draws[i][0], draws[i][1]);
	}
	backoff_start(b, &st);
	for (j = 0; j < NFAR; j++)
		check_step(b, &st, far[j], draws[1][0], draws[1][1]);

	/* n = 0 is read as n = 1. */
	CHECK(backoff_ceiling(b, 0) == backoff_ceiling(b, 1));
	if (!grows(b))
		return;
	prev = 0;
	for (n = 1; n <= 64; n++) {
		d = backoff_ceiling(b, n);
		CHECK(d >= prev);
		prev = d;
	}
	for (j = 0; j < NFAR; j++) {
		d = backoff_ceiling(b, far[j]);
		CHECK(d >= prev);
		prev = d;
	}
}
