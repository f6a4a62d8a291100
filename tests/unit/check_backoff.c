/* SPDX-License-Identifier: ISC */
/*
 * Unit tests of backoff.c against the formulas of retry(1), section
 * "Delays": the ceiling d(n) of each strategy, the ends of each jitter
 * kind's range (u = 0 and u just below 1), the spread lowered under the
 * cap, decorrelated jitter's bounds and state, and properties over many
 * seeds: every sleep within its range and never above the cap, the mean of
 * full jitter, no overflow at huge n. Then backoff_parse.c: the words of
 * --strategy, --factor, --jitter and --delay, and their reasons.
 */
#include <check.h>
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "check_run.h"
#include "policy/backoff.h"
#include "policy/backoff_parse.h"
#include "policy/duration.h"
#include "proc/rng.h"

#define NS	1ULL
#define US	(1000 * NS)
#define MS	(1000 * US)
#define S	(1000 * MS)
#define M	(60 * S)
#define H	(60 * M)

#define nitems(a) (sizeof (a) / sizeof (a)[0])

/* The largest uniform draw, just below 1. */
#define ALMOST_ONE (1.0 - 0x1.0p-53)

/* Explicit --delay lists. */
static const uint64_t three[] = { 1 * S, 2 * S, 5 * S };
static const uint64_t long_list[] = { 1 * S, 2 * S, 5 * S, 2 * M };
static const uint64_t two_minutes[] = { 2 * M };

/* A policy with no jitter; tests set the rest. */
static struct backoff
policy(enum strategy strategy, uint64_t base, uint64_t cap, double factor)
{
	struct backoff	b = { 0 };

	b.strategy = strategy;
	b.jitter = JITTER_NONE;
	b.base = base;
	b.cap = cap;
	b.factor = factor;
	return b;
}

/* The sleep before retry n from a fresh state with draws u and v. */
static uint64_t
sleep_at(const struct backoff *b, uint64_t n, double u, double v)
{
	struct backoff_state	st;

	backoff_start(b, &st);
	return backoff_next(b, &st, n, u, v);
}

/* |a - b| without wrapping around. */
static uint64_t
distance(uint64_t a, uint64_t b)
{
	return a > b ? a - b : b - a;
}

/*
 * Ceilings, written out from retry(1), "Delays": constant base, linear base*n,
 * exponential base*factor^(n-1), fibonacci base*F(n) with F = 1, 1, 2, 3,
 * 5, 8, ..., a --delay list's n-th element with the last repeated; never
 * above the cap.
 */
struct ceiling {
	enum strategy	 strategy;
	uint64_t	 base, cap;
	double		 factor;
	const uint64_t	*delays;
	size_t		 ndelays;
	uint64_t	 n, want;
};

#define C(st, base, cap, f, n, want) \
	{ STRATEGY_##st, base, cap, f, NULL, 0, n, want }
#define L(list, cap, n, want) \
	{ STRATEGY_LIST, 0, cap, 2, list, nitems(list), n, want }

static const struct ceiling ceilings[] = {
	C(CONSTANT, 2 * S, 60 * S, 2, 1, 2 * S),
	C(CONSTANT, 2 * S, 60 * S, 2, 7, 2 * S),
	C(CONSTANT, 2 * S, 60 * S, 2, 1000, 2 * S),
	C(LINEAR, 1 * S, 60 * S, 2, 1, 1 * S),
	C(LINEAR, 1 * S, 60 * S, 2, 2, 2 * S),
	C(LINEAR, 1 * S, 60 * S, 2, 3, 3 * S),
	C(LINEAR, 1 * S, 60 * S, 2, 59, 59 * S),
	C(LINEAR, 1 * S, 60 * S, 2, 60, 60 * S),
	C(LINEAR, 1 * S, 60 * S, 2, 61, 60 * S),
	C(LINEAR, 1500 * MS, 60 * S, 2, 3, 4500 * MS),
	C(EXPONENTIAL, 1 * S, 60 * S, 2, 1, 1 * S),
	C(EXPONENTIAL, 1 * S, 60 * S, 2, 2, 2 * S),
	C(EXPONENTIAL, 1 * S, 60 * S, 2, 3, 4 * S),
	C(EXPONENTIAL, 1 * S, 60 * S, 2, 4, 8 * S),
	C(EXPONENTIAL, 1 * S, 60 * S, 2, 5, 16 * S),
	C(EXPONENTIAL, 1 * S, 60 * S, 2, 6, 32 * S),
	C(EXPONENTIAL, 1 * S, 60 * S, 2, 7, 60 * S),	/* 64s, capped */
	C(EXPONENTIAL, 1 * S, 60 * S, 2, 100, 60 * S),
	C(EXPONENTIAL, 100 * MS, 60 * S, 1.5, 2, 150 * MS),
	C(EXPONENTIAL, 100 * MS, 60 * S, 1.5, 3, 225 * MS),
	C(EXPONENTIAL, 100 * MS, 60 * S, 1.5, 4, 337500 * US),
	C(EXPONENTIAL, 250 * MS, 60 * S, 10, 3, 25 * S),
	C(EXPONENTIAL, 250 * MS, 60 * S, 10, 4, 60 * S),	/* 250s */
	C(EXPONENTIAL, 250 * MS, 1 * H, 3, 5, 20250 * MS),
	C(FIBONACCI, 1 * S, 60 * S, 2, 1, 1 * S),
	C(FIBONACCI, 1 * S, 60 * S, 2, 2, 1 * S),
	C(FIBONACCI, 1 * S, 60 * S, 2, 3, 2 * S),
	C(FIBONACCI, 1 * S, 60 * S, 2, 4, 3 * S),
	C(FIBONACCI, 1 * S, 60 * S, 2, 5, 5 * S),
	C(FIBONACCI, 1 * S, 60 * S, 2, 6, 8 * S),
	C(FIBONACCI, 1 * S, 60 * S, 2, 7, 13 * S),
	C(FIBONACCI, 1 * S, 60 * S, 2, 8, 21 * S),
	C(FIBONACCI, 1 * S, 60 * S, 2, 9, 34 * S),
	C(FIBONACCI, 1 * S, 60 * S, 2, 10, 55 * S),
	C(FIBONACCI, 1 * S, 60 * S, 2, 11, 60 * S),	/* 89s, capped */
	C(FIBONACCI, 1 * S, 60 * S, 2, 5000, 60 * S),
	C(FIBONACCI, 100 * MS, 1 * H, 2, 12, 14400 * MS),	/* F(12) 144 */
	/* A base above the cap is capped from the first retry on. */
	C(CONSTANT, 90 * S, 60 * S, 2, 1, 60 * S),
	C(LINEAR, 90 * S, 60 * S, 2, 1, 60 * S),
	C(EXPONENTIAL, 90 * S, 60 * S, 2, 1, 60 * S),
	C(FIBONACCI, 90 * S, 60 * S, 2, 1, 60 * S),
	C(EXPONENTIAL, 1 * S, 0, 2, 3, 0),
	C(EXPONENTIAL, 0, 60 * S, 2, 3, 0),
	L(three, 60 * S, 1, 1 * S),
	L(three, 60 * S, 2, 2 * S),
	L(three, 60 * S, 3, 5 * S),
	L(three, 60 * S, 4, 5 * S),
	L(three, 60 * S, 1000, 5 * S),
	L(three, 3 * S, 2, 2 * S),
	L(three, 3 * S, 3, 3 * S),
	L(two_minutes, DURATION_MAX, 1, 2 * M),
	L(two_minutes, DURATION_MAX, 9, 2 * M),
	L(two_minutes, 90 * S, 1, 90 * S),
};

START_TEST(ceiling_follows_the_strategy_formula)
{
	const struct ceiling	*c = &ceilings[_i];
	struct backoff		 b;
	uint64_t		 got, lo, hi;
	struct backoff_state	 st;

	b = policy(c->strategy, c->base, c->cap, c->factor);
	b.delays = c->delays;
	b.ndelays = c->ndelays;
	got = backoff_ceiling(&b, c->n);
	ck_assert_msg(got == c->want, "case %d: d(%llu) = %llu, expected %llu",
	    _i, (unsigned long long)c->n, (unsigned long long)got,
	    (unsigned long long)c->want);

	/* Without jitter the sleep is the ceiling, whatever the draw. */
	ck_assert_uint_eq(sleep_at(&b, c->n, 0, 0), c->want);
	ck_assert_uint_eq(sleep_at(&b, c->n, 0.5, 0.5), c->want);
	ck_assert_uint_eq(sleep_at(&b, c->n, ALMOST_ONE, ALMOST_ONE), c->want);
	backoff_start(&b, &st);
	backoff_range(&b, &st, c->n, &lo, &hi);
	ck_assert_uint_eq(lo, c->want);
	ck_assert_uint_eq(hi, c->want);
}
END_TEST

/*
 * The ends of each jitter kind's range. Cap 60s, factor 2. With d = 8s:
 * full [0, d], equal [d/2, d], proportional:R [d(1-R), d(1+R)], DURATION J
 * d + [0, J). Where the spread would reach above the cap, its centre is
 * lowered so that it fits: proportional:0.5 at the cap is [20s, 60s].
 */
struct ends {
	const char	*what;
	enum strategy	 strategy;
	uint64_t	 base, n;
	enum jitter	 jitter;
	double		 ratio;
	uint64_t	 add;
	uint64_t	 lo, hi;
};

#define EXP8	STRATEGY_EXPONENTIAL, 1 * S, 4		/* d = 8s */
#define EXP32	STRATEGY_EXPONENTIAL, 1 * S, 6		/* d = 32s */
#define CAPPED	STRATEGY_EXPONENTIAL, 1 * S, 20		/* d = 60s */
#define CONST50	STRATEGY_CONSTANT, 50 * S, 1		/* d = 50s */

static const struct ends ends[] = {
	{ "none", EXP8, JITTER_NONE, 0, 0, 8 * S, 8 * S },
	{ "full", EXP8, JITTER_FULL, 0, 0, 0, 8 * S },
	{ "equal", EXP8, JITTER_EQUAL, 0, 0, 4 * S, 8 * S },
	{ "proportional:0.5", EXP8, JITTER_PROPORTIONAL, 0.5, 0, 4 * S,
	    12 * S },
	{ "proportional:0.25", EXP8, JITTER_PROPORTIONAL, 0.25, 0, 6 * S,
	    10 * S },
	{ "proportional:1", EXP8, JITTER_PROPORTIONAL, 1, 0, 0, 16 * S },
	{ "500ms", EXP8, JITTER_ADD, 0, 500 * MS, 8 * S, 8500 * MS },
	{ "3s", EXP8, JITTER_ADD, 0, 3 * S, 8 * S, 11 * S },
	/* A spread that fits under the cap stays centred on d. */
	{ "proportional:0.5 at 32s", EXP32, JITTER_PROPORTIONAL, 0.5, 0,
	    16 * S, 48 * S },
	/* Spreads lowered under the cap. */
	{ "full at cap", CAPPED, JITTER_FULL, 0, 0, 0, 60 * S },
	{ "equal at cap", CAPPED, JITTER_EQUAL, 0, 0, 30 * S, 60 * S },
	{ "proportional:0.5 at cap", CAPPED, JITTER_PROPORTIONAL, 0.5, 0,
	    20 * S, 60 * S },
	{ "proportional:0.25 at cap", CAPPED, JITTER_PROPORTIONAL, 0.25, 0,
	    48 * S * 3 / 4, 60 * S },
	{ "proportional:1 at cap", CAPPED, JITTER_PROPORTIONAL, 1, 0, 0,
	    60 * S },
	{ "proportional:0.5 at 50s", CONST50, JITTER_PROPORTIONAL, 0.5, 0,
	    20 * S, 60 * S },
	{ "10s at cap", CAPPED, JITTER_ADD, 0, 10 * S, 50 * S, 60 * S },
	{ "15s at 50s", CONST50, JITTER_ADD, 0, 15 * S, 45 * S, 60 * S },
};

static struct backoff
ends_policy(const struct ends *e)
{
	struct backoff	b;

	b = policy(e->strategy, e->base, 60 * S, 2);
	b.jitter = e->jitter;
	b.jitter_ratio = e->ratio;
	b.jitter_add = e->add;
	return b;
}

START_TEST(jitter_range_has_the_documented_ends)
{
	const struct ends	*e = &ends[_i];
	struct backoff		 b = ends_policy(e);
	struct backoff_state	 st;
	uint64_t		 lo, hi;

	backoff_start(&b, &st);
	backoff_range(&b, &st, e->n, &lo, &hi);
	ck_assert_msg(lo == e->lo && hi == e->hi,
	    "%s: range [%llu, %llu], expected [%llu, %llu]", e->what,
	    (unsigned long long)lo, (unsigned long long)hi,
	    (unsigned long long)e->lo, (unsigned long long)e->hi);
}
END_TEST

START_TEST(extreme_draws_give_the_ends_of_the_range)
{
	const struct ends	*e = &ends[_i];
	struct backoff		 b = ends_policy(e);
	uint64_t		 got, mid = e->lo + (e->hi - e->lo) / 2;

	got = sleep_at(&b, e->n, 0, 0);
	ck_assert_msg(got == e->lo, "%s: u=0 slept %llu, expected %llu",
	    e->what, (unsigned long long)got, (unsigned long long)e->lo);
	got = sleep_at(&b, e->n, 0.5, 0.5);
	ck_assert_msg(distance(got, mid) <= 1,
	    "%s: u=0.5 slept %llu, expected %llu", e->what,
	    (unsigned long long)got, (unsigned long long)mid);
	got = sleep_at(&b, e->n, ALMOST_ONE, ALMOST_ONE);
	ck_assert_msg(got <= e->hi && e->hi - got <= 2,
	    "%s: u=1-2^-53 slept %llu, expected just below %llu", e->what,
	    (unsigned long long)got, (unsigned long long)e->hi);
}
END_TEST

/* The worst case of retry n is the top of its range. */
START_TEST(the_worst_sleep_is_the_top_of_the_range)
{
	const struct ends	*e = &ends[_i];
	struct backoff		 b = ends_policy(e);
	struct backoff_state	 st;
	uint64_t		 lo, hi;

	backoff_start(&b, &st);
	backoff_range(&b, &st, e->n, &lo, &hi);
	ck_assert_uint_eq(backoff_worst(&b, &st, e->n), hi);
	/* And the state moves on as if it had been slept. */
	ck_assert_uint_eq(st.prev, hi);
}
END_TEST

/* A decorrelated policy, as options.c builds it for either spelling. */
static struct backoff
decorrelated(uint64_t base, uint64_t cap, double factor)
{
	struct backoff	b;

	b = policy(STRATEGY_DECORRELATED, base, cap, factor);
	b.jitter = JITTER_DECORRELATED;
	return b;
}

START_TEST(decorrelated_first_sleep_is_within_base_and_factor_times_base)
{
	struct backoff		b = decorrelated(1 * S, 60 * S, 3);
	struct backoff_state	st;
	uint64_t		lo, hi;

	backoff_start(&b, &st);
	backoff_range(&b, &st, 1, &lo, &hi);
	ck_assert_uint_eq(lo, 1 * S);
	ck_assert_uint_eq(hi, 3 * S);
	ck_assert_uint_eq(sleep_at(&b, 1, 0, 0), 1 * S);
	ck_assert_uint_eq(sleep_at(&b, 1, 0.5, 0), 2 * S);
	ck_assert_uint_le(3 * S - sleep_at(&b, 1, ALMOST_ONE, 0), 2);
}
END_TEST

START_TEST(decorrelated_carries_the_previous_sleep)
{
	/* u = 0.5: 1 + (3*1 - 1)/2 = 2, 1 + (3*2 - 1)/2 = 3.5, ... */
	static const uint64_t	 want[] = { 2 * S, 3500 * MS, 5750 * MS,
	    9125 * MS };
	struct backoff		 b = decorrelated(1 * S, 60 * S, 3);
	struct backoff_state	 st;
	uint64_t		 lo, hi, prev = 1 * S, got;
	size_t			 i;

	backoff_start(&b, &st);
	for (i = 0; i < nitems(want); i++) {
		backoff_range(&b, &st, i + 1, &lo, &hi);
		ck_assert_uint_eq(lo, 1 * S);
		ck_assert_uint_eq(hi, 3 * prev);
		got = backoff_next(&b, &st, i + 1, 0.5, 0.5);
		ck_assert_uint_eq(got, want[i]);
		prev = got;
	}

	/* Starting again forgets the previous sleeps. */
	backoff_start(&b, &st);
	backoff_range(&b, &st, 9, &lo, &hi);
	ck_assert_uint_eq(hi, 3 * S);
}
END_TEST

START_TEST(decorrelated_bound_is_clamped_before_the_draw)
{
	struct backoff		b = decorrelated(1 * S, 60 * S, 3);
	struct backoff_state	st;
	uint64_t		lo, hi;

	/* 3 * 50s is above the cap: the bound is 60s, then the draw. */
	st.prev = 50 * S;
	backoff_range(&b, &st, 5, &lo, &hi);
	ck_assert_uint_eq(lo, 1 * S);
	ck_assert_uint_eq(hi, 60 * S);
	ck_assert_uint_eq(backoff_next(&b, &st, 5, 0.5, 0), 30500 * MS);
	st.prev = 50 * S;
	ck_assert_uint_eq(backoff_next(&b, &st, 5, 0, 0), 1 * S);
	st.prev = 50 * S;
	ck_assert_uint_le(60 * S - backoff_next(&b, &st, 5, ALMOST_ONE, 0), 2);
}
END_TEST

START_TEST(decorrelated_grows_by_the_factor_up_to_the_cap)
{
	/* The highest draw each time: 3, 9, 27, then the cap 60. */
	static const uint64_t	 want[] = { 3 * S, 9 * S, 27 * S, 60 * S,
	    60 * S, 60 * S };
	struct backoff		 b = decorrelated(1 * S, 60 * S, 3);
	struct backoff_state	 st;
	uint64_t		 got;
	size_t			 i;

	backoff_start(&b, &st);
	for (i = 0; i < nitems(want); i++) {
		got = backoff_next(&b, &st, i + 1, ALMOST_ONE, 0);
		ck_assert_msg(got <= want[i] && want[i] - got <= 16,
		    "sleep %zu: %llu, expected about %llu", i + 1,
		    (unsigned long long)got, (unsigned long long)want[i]);
	}
}
END_TEST

START_TEST(decorrelated_does_not_depend_on_n)
{
	struct backoff		b = decorrelated(100 * MS, 10 * S, 2);
	struct backoff_state	st;

	st.prev = 2 * S;
	ck_assert_uint_eq(backoff_next(&b, &st, 1, 0.25, 0), 1075 * MS);
	st.prev = 2 * S;
	ck_assert_uint_eq(backoff_next(&b, &st, 1000000, 0.25, 0), 1075 * MS);
}
END_TEST

START_TEST(decorrelated_sleeps_do_not_pile_up_at_the_cap)
{
	enum { DRAWS = 100000 };
	struct backoff		b = decorrelated(1 * MS, 1 * S, 3);
	struct backoff_state	st;
	struct rng		r;
	uint64_t		lo, hi, sleep;
	int			i, atcap = 0, below = 0;

	rng_init_seed(&r, 20150304);
	backoff_start(&b, &st);
	for (i = 0; i < DRAWS; i++) {
		backoff_range(&b, &st, 1, &lo, &hi);
		sleep = backoff_next(&b, &st, 1, rng_uniform(&r),
		    rng_uniform(&r));
		if (sleep < lo || sleep > hi)
			ck_abort_msg("sleep %d: %llu not in [%llu, %llu]", i,
			    (unsigned long long)sleep, (unsigned long long)lo,
			    (unsigned long long)hi);
		atcap += sleep == b.cap;
		below += sleep < b.cap / 5;
	}
	/* Clamping the draw instead would put a quarter of them at 1s. */
	ck_assert_msg(atcap < DRAWS / 1000, "%d of %d sleeps at the cap",
	    atcap, DRAWS);
	/* The median is well below the cap (about a tenth of it). */
	ck_assert_msg(below > DRAWS / 2, "only %d of %d sleeps below cap/5",
	    below, DRAWS);
}
END_TEST

/*
 * Properties over many seeds, for every strategy and jitter kind, with
 * base, cap, factor and J drawn from values that include 0 and a base
 * above the cap: every sleep is within backoff_range, which is within
 * [0, cap].
 */
static const enum strategy strategies[] = {
	STRATEGY_EXPONENTIAL, STRATEGY_CONSTANT, STRATEGY_LINEAR,
	STRATEGY_FIBONACCI, STRATEGY_DECORRELATED, STRATEGY_LIST,
};

struct kind {
	enum jitter	jitter;
	double		ratio;
};

static const struct kind kinds[] = {
	{ JITTER_NONE, 0 },
	{ JITTER_FULL, 0 },
	{ JITTER_EQUAL, 0 },
	{ JITTER_DECORRELATED, 0 },
	{ JITTER_PROPORTIONAL, 0.1 },
	{ JITTER_PROPORTIONAL, 0.5 },
	{ JITTER_PROPORTIONAL, 1 },
	{ JITTER_NORMAL, 0.1 },
	{ JITTER_NORMAL, 0.5 },
	{ JITTER_NORMAL, 1000 },
	{ JITTER_ADD, 0 },
};

#define NCOMBOS ((int)(nitems(strategies) * nitems(kinds)))

/* The policy of combination i with parameters drawn from r. */
static struct backoff
random_policy(int i, struct rng *r)
{
	static const uint64_t	bases[] = { 0, 1, 1 * MS, 100 * MS, 1 * S,
	    45 * S, 90 * S };
	static const uint64_t	caps[] = { 0, 1, 1 * MS, 1 * S, 60 * S,
	    1 * H, DURATION_MAX };
	static const double	factors[] = { 1.000001, 1.1, 2, 3, 10, 1e6 };
	static const uint64_t	adds[] = { 1, 250 * MS, 10 * S, 2 * M,
	    DURATION_MAX };
	const struct kind	*k = &kinds[(size_t)i % nitems(kinds)];
	struct backoff		 b;

	b = policy(strategies[(size_t)i / nitems(kinds)],
	    bases[rng_u64(r) % nitems(bases)],
	    caps[rng_u64(r) % nitems(caps)],
	    factors[rng_u64(r) % nitems(factors)]);
	b.jitter = k->jitter;
	b.jitter_ratio = k->ratio;
	b.jitter_add = adds[rng_u64(r) % nitems(adds)];
	b.delays = long_list;
	b.ndelays = nitems(long_list);
	return b;
}

START_TEST(every_sleep_is_within_its_range_and_never_above_the_cap)
{
	struct backoff		b;
	struct backoff_state	st;
	struct rng		r;
	uint64_t		seed, n, lo, hi, d, sleep;

	for (seed = 1; seed <= 1000; seed++) {
		rng_init_seed(&r, seed * 1000 + (uint64_t)_i);
		b = random_policy(_i, &r);
		backoff_start(&b, &st);
		for (n = 1; n <= 40; n++) {
			d = backoff_ceiling(&b, n);
			backoff_range(&b, &st, n, &lo, &hi);
			sleep = backoff_next(&b, &st, n, rng_uniform(&r),
			    rng_uniform(&r));
			/* Not ck_assert: it costs a system call per check. */
			if (d > b.cap || lo > hi || hi > b.cap ||
			    sleep < lo || sleep > hi)
				ck_abort_msg("seed %llu n %llu: cap %llu, "
				    "d %llu, sleep %llu, range [%llu, %llu]",
				    (unsigned long long)seed,
				    (unsigned long long)n,
				    (unsigned long long)b.cap,
				    (unsigned long long)d,
				    (unsigned long long)sleep,
				    (unsigned long long)lo,
				    (unsigned long long)hi);
		}
	}
}
END_TEST

/*
 * d(n) for an n far past the growth to the cap, by retry(1), "Delays":
 * exponential with factor 10 and fibonacci have long passed any cap.
 */
static uint64_t
huge_n_ceiling(const struct backoff *b, uint64_t n)
{
	switch (b->strategy) {
	case STRATEGY_CONSTANT:
	case STRATEGY_DECORRELATED:
		return b->base < b->cap ? b->base : b->cap;
	case STRATEGY_LIST:
		return b->cap < 2 * M ? b->cap : 2 * M;
	case STRATEGY_LINEAR:
		if (b->base != 0 && n > b->cap / b->base)
			return b->cap;
		return b->base * n;
	default:
		return b->base == 0 ? 0 : b->cap;
	}
}

/*
 * -vv's parts of a sleep agree with the formulas: the same sleep as
 * backoff_next from the same state and draws, the range of backoff_range,
 * the ceiling of backoff_ceiling (but decorrelated's), the policy's base
 * and cap, and the uniform draw (normal: a z within its cut).
 */
START_TEST(the_parts_of_a_sleep_agree_with_the_formulas)
{
	struct backoff		b;
	struct backoff_state	st, twin;
	struct backoff_parts	p;
	struct rng		r;
	uint64_t		seed, n, lo, hi, sleep;
	double			u, v;

	for (seed = 1; seed <= 200; seed++) {
		rng_init_seed(&r, seed * 7919 + (uint64_t)_i);
		b = random_policy(_i, &r);
		backoff_start(&b, &st);
		backoff_start(&b, &twin);
		for (n = 1; n <= 20; n++) {
			u = rng_uniform(&r);
			v = rng_uniform(&r);
			backoff_range(&b, &st, n, &lo, &hi);
			sleep = backoff_next(&b, &twin, n, u, v);
			if (backoff_next_parts(&b, &st, n, u, v, &p) != sleep ||
			    p.sleep != sleep || p.lo != lo || p.hi != hi ||
			    p.base != b.base || p.cap != b.cap ||
			    p.jitter != b.jitter || p.strategy != b.strategy ||
			    (b.jitter != JITTER_DECORRELATED &&
			    p.ceiling != backoff_ceiling(&b, n)) ||
			    (b.jitter == JITTER_NORMAL ?
			    p.draw < -JITTER_NORMAL_SIGMAS ||
			    p.draw > JITTER_NORMAL_SIGMAS : p.draw != u))
				ck_abort_msg("combination %d, seed %llu, n %llu",
				    _i, (unsigned long long)seed,
				    (unsigned long long)n);
		}
	}
}
END_TEST

/* The ceiling, the range and a sleep at retry n are sound. */
static void
check_huge_n(const struct backoff *b, uint64_t n)
{
	struct backoff_state	st;
	uint64_t		d, want, lo, hi, sleep;

	want = huge_n_ceiling(b, n);
	d = backoff_ceiling(b, n);
	ck_assert_msg(d == want, "base %llu cap %llu n %llu: d(n) %llu, "
	    "expected %llu", (unsigned long long)b->base,
	    (unsigned long long)b->cap, (unsigned long long)n,
	    (unsigned long long)d, (unsigned long long)want);

	backoff_start(b, &st);
	backoff_range(b, &st, n, &lo, &hi);
	ck_assert_uint_le(lo, hi);
	ck_assert_uint_le(hi, b->cap);
	sleep = backoff_next(b, &st, n, 0.5, 0.25);
	ck_assert_uint_ge(sleep, lo);
	ck_assert_uint_le(sleep, hi);
	if (b->jitter == JITTER_NONE)
		ck_assert_uint_eq(sleep, d);
	if (b->jitter == JITTER_FULL)
		ck_assert_uint_le(distance(sleep, d / 2), 1);
}

START_TEST(huge_n_neither_overflows_nor_exceeds_the_cap)
{
	static const uint64_t	 ns[] = { 1000000, UINT64_MAX };
	static const struct {
		uint64_t	base, cap;
	} limits[] = {
		{ 1 * S, 60 * S },
		{ 0, 0 },
		{ 0, 60 * S },
		{ 1, DURATION_MAX },
	};
	const struct kind	*k = &kinds[(size_t)_i % nitems(kinds)];
	struct backoff		 b;
	size_t			 i, j;

	for (i = 0; i < nitems(limits); i++) {
		b = policy(strategies[(size_t)_i / nitems(kinds)],
		    limits[i].base, limits[i].cap, 10);
		b.jitter = k->jitter;
		b.jitter_ratio = k->ratio;
		b.jitter_add = 250 * MS;
		b.delays = long_list;
		b.ndelays = nitems(long_list);
		for (j = 0; j < nitems(ns); j++)
			check_huge_n(&b, ns[j]);
	}
}
END_TEST

/* The mean and spread of n draws of the sleep before retry 4 (d = 8s). */
static void
sample(struct backoff *b, uint64_t seed, int n, double *mean, double *sd,
    uint64_t *min, uint64_t *max)
{
	struct rng	r;
	double		sum = 0, sum2 = 0, x;
	uint64_t	sleep;
	int		i;

	rng_init_seed(&r, seed);
	*min = UINT64_MAX;
	*max = 0;
	for (i = 0; i < n; i++) {
		sleep = sleep_at(b, 4, rng_uniform(&r), rng_uniform(&r));
		x = (double)sleep;
		sum += x;
		sum2 += x * x;
		if (sleep < *min)
			*min = sleep;
		if (sleep > *max)
			*max = sleep;
	}
	*mean = sum / n;
	*sd = sqrt(sum2 / n - *mean * *mean);
}

START_TEST(full_jitter_averages_half_the_ceiling)
{
	struct backoff	b = policy(STRATEGY_EXPONENTIAL, 1 * S, 60 * S, 2);
	double		mean, sd, d = (double)(8 * S);
	uint64_t	min, max;

	b.jitter = JITTER_FULL;
	sample(&b, 42 + (uint64_t)_i, 100000, &mean, &sd, &min, &max);
	ck_assert_msg(fabs(mean - d / 2) <= 0.03 * d / 2,
	    "mean %.0f ns, expected %.0f within 3%%", mean, d / 2);
	/* It really spreads over [0, d]. */
	ck_assert_double_lt((double)min, 0.01 * d);
	ck_assert_double_gt((double)max, 0.99 * d);
}
END_TEST

START_TEST(equal_jitter_averages_three_quarters_of_the_ceiling)
{
	struct backoff	b = policy(STRATEGY_EXPONENTIAL, 1 * S, 60 * S, 2);
	double		mean, sd, d = (double)(8 * S);
	uint64_t	min, max;

	b.jitter = JITTER_EQUAL;
	sample(&b, 7, 100000, &mean, &sd, &min, &max);
	ck_assert_double_le(fabs(mean - 0.75 * d), 0.03 * 0.75 * d);
	ck_assert_double_lt((double)min, 0.51 * d);
	ck_assert_double_gt((double)max, 0.99 * d);
}
END_TEST

START_TEST(normal_jitter_is_centred_on_d_with_deviation_s_times_d)
{
	struct backoff	b = policy(STRATEGY_EXPONENTIAL, 1 * S, 60 * S, 2);
	double		mean, sd, d = (double)(8 * S);
	uint64_t	min, max;

	b.jitter = JITTER_NORMAL;
	b.jitter_ratio = 0.1;
	sample(&b, 11, 100000, &mean, &sd, &min, &max);
	ck_assert_msg(fabs(mean - d) <= 0.01 * d, "mean %.0f ns", mean);
	ck_assert_msg(fabs(sd - 0.1 * d) <= 0.05 * 0.1 * d, "sd %.0f ns", sd);
	ck_assert_uint_le(max, 60 * S);
}
END_TEST

START_TEST(normal_jitter_at_the_cap_does_not_pile_up_on_it)
{
	struct backoff	b = policy(STRATEGY_EXPONENTIAL, 1 * S, 60 * S, 2);
	struct rng	r;
	uint64_t	sleep;
	int		i, atcap = 0;

	b.jitter = JITTER_NORMAL;
	b.jitter_ratio = 0.1;
	rng_init_seed(&r, 3);
	for (i = 0; i < 10000; i++) {
		sleep = sleep_at(&b, 30, rng_uniform(&r), rng_uniform(&r));
		if (sleep > b.cap)
			ck_abort_msg("slept %llu", (unsigned long long)sleep);
		atcap += sleep == b.cap;
	}
	/* Clamping alone would put half of them at the cap. */
	ck_assert_msg(atcap < 100, "%d of 10000 sleeps at the cap", atcap);
}
END_TEST

/*
 * backoff.c does its own pow, log, sqrt and cos (retry does not link
 * libm): its ceilings and normal draws must agree with libm's to the
 * nanosecond (one either way where libm's value sits on a half).
 */
START_TEST(exponential_ceiling_agrees_with_pow)
{
	static const double	factors[] = { 1.1, 1.25, 1.5, 1.7, 2, 2.5, 3,
	    7.3, 10, 1e6 };
	struct backoff		b;
	double			want;
	uint64_t		n, got;
	size_t			i;

	for (i = 0; i < nitems(factors); i++) {
		b = policy(STRATEGY_EXPONENTIAL, 1 * S, 1000000 * H,
		    factors[i]);
		for (n = 1; n <= 200; n++) {
			want = round((double)S * pow(factors[i],
			    (double)(n - 1)));
			got = backoff_ceiling(&b, n);
			if (want >= (double)b.cap) {
				ck_assert_uint_eq(got, b.cap);
				break;
			}
			/*
			 * Past 2^53 ns a double's last place is > 1 ns;
			 * where long double is no wider than double the
			 * squaring's error grows with n.
			 */
			ck_assert_msg(fabs((double)got - want) <= 1 +
			    want * 0x1p-52 *
			    (LDBL_MANT_DIG > DBL_MANT_DIG ? 1 : (double)n),
			    "factor %g, n %llu: %llu ns, libm says %.0f",
			    factors[i], (unsigned long long)n,
			    (unsigned long long)got, want);
		}
	}
	/* The exact products print as typed: 1.1^5 s is 1.61051 s. */
	b = policy(STRATEGY_EXPONENTIAL, 1 * S, 60 * S, 1.1);
	ck_assert_uint_eq(backoff_ceiling(&b, 6), 1610510 * US);
}
END_TEST

START_TEST(normal_draw_agrees_with_libm)
{
	/* d = 8000 s: an error of 1e-13 in a draw is a nanosecond. */
	struct backoff	b = policy(STRATEGY_EXPONENTIAL, 1000 * S, 60000 * S,
	    2);
	struct rng	r;
	double		u, v, z, want;
	uint64_t	got;
	int		i;

	b.jitter = JITTER_NORMAL;
	b.jitter_ratio = 0.1;
	rng_init_seed(&r, 5);
	for (i = 0; i < 200000; i++) {
		/* Every 1000th draw at an end: u = 0, u just below 1, v = 0. */
		u = i % 1000 == 0 ? 0 : i % 1000 == 1 ? ALMOST_ONE :
		    rng_uniform(&r);
		v = i % 1000 == 2 ? 0 : rng_uniform(&r);
		z = sqrt(-2 * log(1 - u)) * cos(2 * M_PI * v);
		z = fmax(-3, fmin(3, z));
		want = round(8000.0 * S + 8000.0 * S * 0.1 * z);
		got = sleep_at(&b, 4, u, v);
		if (fabs((double)got - want) > 1)
			ck_abort_msg("u %a v %a: %llu ns, libm says %.0f", u, v,
			    (unsigned long long)got, want);
	}
}
END_TEST

/* An added DURATION is uniform [0, J): -j 1ns never adds the 1 ns. */
START_TEST(an_added_duration_never_reaches_its_end)
{
	struct backoff	b = policy(STRATEGY_CONSTANT, 1 * S, 60 * S, 2);
	struct rng	r;
	int		i;

	b.jitter = JITTER_ADD;
	b.jitter_add = 1;
	rng_init_seed(&r, 8);
	ck_assert_uint_eq(sleep_at(&b, 1, ALMOST_ONE, 0), 1 * S);
	for (i = 0; i < 10000; i++)
		ck_assert_uint_eq(sleep_at(&b, 1, rng_uniform(&r), 0), 1 * S);
	b.jitter_add = 1 * S;
	ck_assert_uint_eq(sleep_at(&b, 1, ALMOST_ONE, 0), 2 * S - 1);
}
END_TEST

START_TEST(a_seed_replays_the_same_sleeps)
{
	struct backoff		b = decorrelated(10 * MS, 60 * S, 3);
	struct backoff_state	st1, st2;
	struct rng		r1, r2;
	uint64_t		n, a, c;
	int			differ = 0;

	rng_init_seed(&r1, 99);
	rng_init_seed(&r2, 99);
	backoff_start(&b, &st1);
	backoff_start(&b, &st2);
	for (n = 1; n <= 50; n++) {
		a = backoff_next(&b, &st1, n, rng_uniform(&r1),
		    rng_uniform(&r1));
		c = backoff_next(&b, &st2, n, rng_uniform(&r2),
		    rng_uniform(&r2));
		ck_assert_uint_eq(a, c);
	}

	/* Another seed gives other sleeps. */
	rng_init_seed(&r2, 100);
	backoff_start(&b, &st1);
	backoff_start(&b, &st2);
	for (n = 1; n <= 50; n++) {
		a = backoff_next(&b, &st1, n, rng_uniform(&r1),
		    rng_uniform(&r1));
		c = backoff_next(&b, &st2, n, rng_uniform(&r2),
		    rng_uniform(&r2));
		differ += a != c;
	}
	ck_assert_int_gt(differ, 40);
}
END_TEST

/*
 * The words of the backoff options (backoff_parse.c), and the reasons
 * the messages quote when they are refused.
 */
struct strategy_word {
	const char	*in;
	int		 want;	/* an enum strategy; -1: refused */
};

static const struct strategy_word strategy_words[] = {
	{ .in = "exponential", .want = STRATEGY_EXPONENTIAL },
	{ .in = "constant", .want = STRATEGY_CONSTANT },
	{ .in = "fixed", .want = STRATEGY_CONSTANT },
	{ .in = "linear", .want = STRATEGY_LINEAR },
	{ .in = "fibonacci", .want = STRATEGY_FIBONACCI },
	{ .in = "decorrelated", .want = STRATEGY_DECORRELATED },
	{ .in = "list", .want = -1 },	/* --delay's, not a name */
	{ .in = "", .want = -1 },
	{ .in = "Linear", .want = -1 },
	{ .in = "exp", .want = -1 },
};

START_TEST(strategy_names_parse_to_their_strategy)
{
	const struct strategy_word	*w = &strategy_words[_i];
	enum strategy			 got = STRATEGY_LIST;
	const char			*why = NULL;
	int				 r;

	r = backoff_parse_strategy(w->in, &got, &why);
	if (w->want == -1) {
		ck_assert_int_eq(r, -1);
		ck_assert_int_eq(got, STRATEGY_LIST);
		ck_assert_str_eq(why, "expected exponential, constant, fixed, "
		    "linear, fibonacci or decorrelated");
	} else {
		ck_assert_int_eq(r, 0);
		ck_assert_int_eq(got, w->want);
	}
}
END_TEST

struct factor_word {
	const char	*in;
	int		 ok;
	double		 want;
};

static const struct factor_word factor_words[] = {
	{ .in = "2", .ok = 1, .want = 2 },
	{ .in = "1.5", .ok = 1, .want = 1.5 },
	{ .in = "1.000001", .ok = 1, .want = 1.000001 },
	{ .in = "1000000", .ok = 1, .want = 1e6 },
	{ .in = "1" },		/* nothing would grow */
	{ .in = "0.5" },
	{ .in = "0" },
	{ .in = "1000000.5" },
	{ .in = "-2" },
	{ .in = "2x" },
	{ .in = "inf" },
	{ .in = "" },
};

START_TEST(a_factor_is_above_1_and_at_most_a_million)
{
	const struct factor_word	*w = &factor_words[_i];
	const char			*why = NULL;
	double				 got = 7;

	if (w->ok) {
		ck_assert_int_eq(backoff_parse_factor(w->in, &got, &why), 0);
		ck_assert_double_eq(got, w->want);
	} else {
		ck_assert_int_eq(backoff_parse_factor(w->in, &got, &why), -1);
		ck_assert_double_eq(got, 7);
		ck_assert_str_eq(why,
		    "expected a number greater than 1 (at most 1000000)");
	}
}
END_TEST

#define JITTER_WORDS "expected none, full, equal, decorrelated, " \
	"proportional[:R], normal[:S] or a duration"

struct jitter_word {
	const char	*in;
	const char	*why;	/* NULL: taken */
	enum jitter	 kind;
	double		 ratio;	/* proportional, normal */
	uint64_t	 add;	/* a duration */
};

static const struct jitter_word jitter_words[] = {
	{ .in = "none", .kind = JITTER_NONE },
	{ .in = "full", .kind = JITTER_FULL },
	{ .in = "equal", .kind = JITTER_EQUAL },
	{ .in = "decorrelated", .kind = JITTER_DECORRELATED },
	{ .in = "proportional", .kind = JITTER_PROPORTIONAL,
	    .ratio = JITTER_PROPORTIONAL_DEFAULT },
	{ .in = "proportional:0.2", .kind = JITTER_PROPORTIONAL, .ratio = 0.2 },
	{ .in = "proportional:1", .kind = JITTER_PROPORTIONAL, .ratio = 1 },
	{ .in = "normal", .kind = JITTER_NORMAL,
	    .ratio = JITTER_NORMAL_DEFAULT },
	{ .in = "normal:0.3", .kind = JITTER_NORMAL, .ratio = 0.3 },
	{ .in = "normal:1000000", .kind = JITTER_NORMAL, .ratio = 1e6 },
	{ .in = "500ms", .kind = JITTER_ADD, .add = 500 * MS },
	{ .in = "2", .kind = JITTER_ADD, .add = 2 * S },
	{ .in = "0", .kind = JITTER_ADD, .add = 0 },
	{ .in = "1m30s", .kind = JITTER_ADD, .add = 90 * S },
	{ .in = "proportional:0", .why = "proportional:R needs 0 < R <= 1" },
	{ .in = "proportional:1.5", .why = "proportional:R needs 0 < R <= 1" },
	{ .in = "proportional:", .why = "proportional:R needs 0 < R <= 1" },
	{ .in = "proportional:-1", .why = "proportional:R needs 0 < R <= 1" },
	{ .in = "proportionalx", .why = "proportional:R needs 0 < R <= 1" },
	{ .in = "normal:0", .why = "normal:S needs S > 0" },
	{ .in = "normal:1000001", .why = "normal:S needs S > 0" },
	{ .in = "normal:abc", .why = "normal:S needs S > 0" },
	{ .in = "", .why = JITTER_WORDS },
	{ .in = "Full", .why = JITTER_WORDS },
	{ .in = "-1s", .why = JITTER_WORDS },
	{ .in = "5x", .why = JITTER_WORDS },
};

START_TEST(jitter_words_set_the_kind_and_its_parameter)
{
	const struct jitter_word	*w = &jitter_words[_i];
	struct backoff			 b = { 0 };
	const char			*why = NULL;

	b.jitter = JITTER_FULL;
	if (w->why != NULL) {
		ck_assert_int_eq(backoff_parse_jitter(w->in, &b, &why), -1);
		ck_assert_str_eq(why, w->why);
		ck_assert_int_eq(b.jitter, JITTER_FULL);
		return;
	}
	ck_assert_msg(backoff_parse_jitter(w->in, &b, &why) == 0,
	    "'%s' refused: %s", w->in, why);
	ck_assert_int_eq(b.jitter, w->kind);
	if (w->kind == JITTER_PROPORTIONAL || w->kind == JITTER_NORMAL)
		ck_assert_double_eq(b.jitter_ratio, w->ratio);
	if (w->kind == JITTER_ADD)
		ck_assert_uint_eq(b.jitter_add, w->add);
}
END_TEST

struct delay_list {
	const char	*in;
	const char	*why;	/* NULL: taken */
	size_t		 n;
	uint64_t	 want[4];
};

static const struct delay_list delay_lists[] = {
	{ .in = "1", .n = 1, .want = { 1 * S } },
	{ .in = "1,2,5s", .n = 3, .want = { 1 * S, 2 * S, 5 * S } },
	{ .in = "250ms,0,1m30s,2h",
	    .n = 4, .want = { 250 * MS, 0, 90 * S, 2 * H } },
	{ .in = "", .why = "empty list" },
	{ .in = "1,,2", .why = "empty element" },
	{ .in = ",1", .why = "empty element" },
	{ .in = "1,", .why = "empty element" },
	{ .in = ",", .why = "empty element" },
};

START_TEST(a_delay_list_is_durations_between_commas)
{
	const struct delay_list	*l = &delay_lists[_i];
	uint64_t		*d = NULL;
	const char		*why = NULL;
	size_t			 n = 99, i;

	if (l->why != NULL) {
		ck_assert_int_eq(backoff_parse_delays(l->in, &d, &n, &why), -1);
		ck_assert_str_eq(why, l->why);
		ck_assert_ptr_null(d);
		ck_assert_uint_eq(n, 99);
		return;
	}
	ck_assert_msg(backoff_parse_delays(l->in, &d, &n, &why) == 0,
	    "'%s' refused: %s", l->in, why);
	ck_assert_uint_eq(n, l->n);
	for (i = 0; i < n; i++)
		ck_assert_uint_eq(d[i], l->want[i]);
	free(d);
}
END_TEST

/* A bad element says what duration_parse says of it. */
START_TEST(a_bad_delay_says_why_as_a_duration_would)
{
	const char	*why = NULL, *dwhy = NULL;
	uint64_t	*d = NULL, ns;
	size_t		 n = 0;

	ck_assert_int_eq(backoff_parse_delays("1,5x,2", &d, &n, &why), -1);
	ck_assert_int_eq(duration_parse("5x", &ns, &dwhy), -1);
	ck_assert_str_eq(why, dwhy);
	ck_assert_ptr_null(d);
}
END_TEST

/*
 * --reset-after: an attempt that ran at least DURATION before it failed
 * starts the schedule again; 0 never does.
 */
struct reset {
	uint64_t	ran, reset_after;
	int		want;
};

static const struct reset resets[] = {
	{ 1200 * MS, 1 * S, 1 },
	{ 1 * S, 1 * S, 1 },		/* at least: the very duration */
	{ 1 * S - 1, 1 * S, 0 },
	{ 0, 1 * S, 0 },
	{ 5 * M, 0, 0 },		/* no --reset-after */
	{ 0, 0, 0 },
	{ 1, 1, 1 },
	{ DURATION_MAX, DURATION_MAX, 1 },
	{ DURATION_MAX - 1, DURATION_MAX, 0 },
};

START_TEST(an_attempt_that_ran_long_enough_resets)
{
	const struct reset	*r = &resets[_i];

	ck_assert_msg(backoff_resets(r->ran, r->reset_after) == r->want,
	    "ran %llu, --reset-after %llu: want %d",
	    (unsigned long long)r->ran, (unsigned long long)r->reset_after,
	    r->want);
}
END_TEST

/*
 * Started again (as --reset-after does: backoff_start, then n from 1),
 * each strategy gives its first delay again and grows from there as at
 * the start; decorrelated forgets its previous sleep.
 */
START_TEST(a_schedule_started_again_grows_as_at_the_start)
{
	struct backoff		b = policy(STRATEGY_EXPONENTIAL, 1 * S, 60 * S,
				    2);
	struct backoff		d = decorrelated(1 * S, 60 * S, 3);
	struct backoff_state	st;
	uint64_t		n, first[4], again[4];

	backoff_start(&b, &st);
	for (n = 1; n <= 4; n++)
		first[n - 1] = backoff_next(&b, &st, n, 0.5, 0.5);
	ck_assert_uint_eq(first[3], 8 * S);
	backoff_start(&b, &st);
	for (n = 1; n <= 4; n++)
		again[n - 1] = backoff_next(&b, &st, n, 0.5, 0.5);
	for (n = 0; n < 4; n++)
		ck_assert_uint_eq(again[n], first[n]);

	backoff_start(&d, &st);
	for (n = 1; n <= 6; n++)
		first[0] = backoff_next(&d, &st, n, ALMOST_ONE, 0.5);
	ck_assert_uint_gt(first[0], 3 * S);
	backoff_start(&d, &st);
	ck_assert_uint_le(backoff_next(&d, &st, 1, ALMOST_ONE, 0.5), 3 * S);
}
END_TEST

static Suite *
backoff_suite(void)
{
	Suite	*s;
	TCase	*tc;

	s = suite_create("backoff");

	tc = tcase_create("ceiling");
	tcase_add_loop_test(tc, ceiling_follows_the_strategy_formula, 0,
	    nitems(ceilings));
	suite_add_tcase(s, tc);

	tc = tcase_create("jitter");
	tcase_add_loop_test(tc, jitter_range_has_the_documented_ends, 0,
	    nitems(ends));
	tcase_add_loop_test(tc, extreme_draws_give_the_ends_of_the_range, 0,
	    nitems(ends));
	tcase_add_loop_test(tc, the_worst_sleep_is_the_top_of_the_range, 0,
	    nitems(ends));
	tcase_add_loop_test(tc, full_jitter_averages_half_the_ceiling, 0, 3);
	tcase_add_test(tc, equal_jitter_averages_three_quarters_of_the_ceiling);
	tcase_add_test(tc,
	    normal_jitter_is_centred_on_d_with_deviation_s_times_d);
	tcase_add_test(tc, normal_jitter_at_the_cap_does_not_pile_up_on_it);
	tcase_add_test(tc, exponential_ceiling_agrees_with_pow);
	tcase_add_test(tc, normal_draw_agrees_with_libm);
	tcase_add_test(tc, an_added_duration_never_reaches_its_end);
	suite_add_tcase(s, tc);

	tc = tcase_create("decorrelated");
	tcase_add_test(tc,
	    decorrelated_first_sleep_is_within_base_and_factor_times_base);
	tcase_add_test(tc, decorrelated_carries_the_previous_sleep);
	tcase_add_test(tc, decorrelated_bound_is_clamped_before_the_draw);
	tcase_add_test(tc, decorrelated_grows_by_the_factor_up_to_the_cap);
	tcase_add_test(tc, decorrelated_does_not_depend_on_n);
	tcase_add_test(tc, decorrelated_sleeps_do_not_pile_up_at_the_cap);
	suite_add_tcase(s, tc);

	tc = tcase_create("reset");
	tcase_add_loop_test(tc, an_attempt_that_ran_long_enough_resets, 0,
	    nitems(resets));
	tcase_add_test(tc, a_schedule_started_again_grows_as_at_the_start);
	suite_add_tcase(s, tc);

	tc = tcase_create("properties");
	tcase_set_timeout(tc, 30);
	tcase_add_loop_test(tc,
	    every_sleep_is_within_its_range_and_never_above_the_cap, 0,
	    NCOMBOS);
	tcase_add_loop_test(tc, huge_n_neither_overflows_nor_exceeds_the_cap,
	    0, NCOMBOS);
	tcase_add_test(tc, a_seed_replays_the_same_sleeps);
	tcase_add_loop_test(tc, the_parts_of_a_sleep_agree_with_the_formulas,
	    0, NCOMBOS);
	suite_add_tcase(s, tc);

	tc = tcase_create("parse");
	tcase_add_loop_test(tc, strategy_names_parse_to_their_strategy, 0,
	    nitems(strategy_words));
	tcase_add_loop_test(tc, a_factor_is_above_1_and_at_most_a_million, 0,
	    nitems(factor_words));
	tcase_add_loop_test(tc, jitter_words_set_the_kind_and_its_parameter, 0,
	    nitems(jitter_words));
	tcase_add_loop_test(tc, a_delay_list_is_durations_between_commas, 0,
	    nitems(delay_lists));
	tcase_add_test(tc, a_bad_delay_says_why_as_a_duration_would);
	suite_add_tcase(s, tc);

	return s;
}

int
main(void)
{
	return check_run(backoff_suite());
}
