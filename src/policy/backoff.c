/* SPDX-License-Identifier: ISC */
/*
 * Backoff delays, by the formulas of retry(1), section "Delays". Decorrelated
 * jitter is the one of the AWS Architecture Blog's "Exponential Backoff And
 * Jitter" (Marc Brooker, 2015): sleep = uniform [base, min(cap, 3 * previous
 * sleep)], with the bound clamped before the draw so that sleeps do not pile
 * up at the cap. All arithmetic is in double nanoseconds and clamped before
 * it is turned back into an integer, so no n and no factor can overflow.
 */
#include <math.h>		/* M_PI, M_LN2, M_SQRT2: macros, no libm */
#include <stdint.h>
#include <string.h>

#include "policy/backoff.h"

/*
 * The few functions of libm that the delays need, written out: linking
 * libm costs every start of retry a shared library to map (a dozen page
 * faults, 0.3 ms of the 5 ms a spawn takes on a small VM), for one pow()
 * and a normal draw that most runs never make. Each is exact to a few
 * units in the last place, far below the nanosecond the delays are cut to.
 */
static double
min_d(double a, double b)
{
	return a < b ? a : b;
}

static double
max_d(double a, double b)
{
	return a > b ? a : b;
}

/*
 * x to the power k, by squaring: at most 64 rounds, inf once too large.
 * In long double, which is wider than double on x86 and most 64-bit
 * targets: there the rounding of up to 128 products stays below the last
 * place of the double it returns; where it is not wider, the error is
 * some k units in the last place, well below a nanosecond at any cap
 * under 2^53 ns divided by k.
 */
static double
power(double x0, uint64_t k)
{
	long double	r = 1, x = x0;

	while (k != 0) {
		if (k & 1)
			r *= x;
		k >>= 1;
		if (k != 0)
			x *= x;
	}
	return (double)r;
}

/*
 * The natural logarithm of a normal positive x: x = m * 2^e with m in
 * [sqrt(1/2), sqrt(2)), ln m = 2 atanh(s) with s = (m-1)/(m+1), |s| <
 * 0.172, whose series has converged past double precision by its 12th term.
 */
static double
ln(double x)
{
	uint64_t	bits;
	double		m, s, s2, t, sum = 0;
	int		e, k;

	memcpy(&bits, &x, sizeof bits);
	e = (int)((bits >> 52) & 0x7ff) - 1023;
	bits = (bits & 0x000fffffffffffffULL) | 0x3ff0000000000000ULL;
	memcpy(&m, &bits, sizeof m);
	if (m > M_SQRT2) {
		m /= 2;
		e++;
	}
	s = (m - 1) / (m + 1);
	s2 = s * s;
	t = s;
	for (k = 1; k <= 27; k += 2) {
		sum += t / k;
		t *= s2;
	}
	return 2 * sum + e * M_LN2;
}

/* The square root of y >= 0: Newton's method from a halved exponent. */
static double
root(double y)
{
	uint64_t	bits;
	double		g;
	int		i;

	if (!(y > 0))
		return 0;
	memcpy(&bits, &y, sizeof bits);
	bits = (bits >> 1) + (0x3ff0000000000000ULL >> 1);
	memcpy(&g, &bits, sizeof g);
	for (i = 0; i < 6; i++)
		g = (g + y / g) / 2;
	return g;
}

/*
 * cos(2 pi v) for v in [0, 1): folded onto [0, 1/4] (the subtractions are
 * exact there), then the Taylor series of cos on [0, pi/2], which has
 * converged past double precision by its 12th term.
 */
static double
cos_turns(double v)
{
	double	x, x2, t, sum = 0, sign = 1;
	int	k;

	if (v > 0.5)
		v = 1 - v;
	if (v > 0.25) {
		v = 0.5 - v;
		sign = -1;
	}
	x = 2 * M_PI * v;
	x2 = x * x;
	for (t = 1, k = 0; k < 13; k++) {
		sum += t;
		t *= -x2 / ((2 * k + 1) * (2 * k + 2));
	}
	return sign * sum;
}

/*
 * A double number of nanoseconds, as an integer within [0, cap], to the
 * nearest: a product such as 1.1^5 * 1s lands a hair either side of a
 * whole nanosecond, and cutting it would print 1.610509999s.
 */
static uint64_t
to_ns(double ns, uint64_t cap)
{
	if (!(ns > 0))		/* also NaN */
		return 0;
	if (ns >= (double)cap)
		return cap;
	return (uint64_t)(ns + 0.5) < cap ? (uint64_t)(ns + 0.5) : cap;
}

/* F(n) * base, stopping as soon as it reaches the cap. */
static double
fibonacci(uint64_t n, double base, double cap)
{
	double		a = 1, b = 1, t;
	uint64_t	i;

	for (i = 1; i < n && a * base < cap; i++) {
		t = a + b;
		a = b;
		b = t;
	}
	return a * base;
}

/* The ceiling d(n) of retry n (n >= 1), before jitter, never above the cap. */
uint64_t
backoff_ceiling(const struct backoff *b, uint64_t n)
{
	double	base = (double)b->base, cap = (double)b->cap, d;

	if (n == 0)
		n = 1;
	switch (b->strategy) {
	case STRATEGY_CONSTANT:
	case STRATEGY_DECORRELATED:
		d = base;
		break;
	case STRATEGY_LINEAR:
		d = base * (double)n;
		break;
	case STRATEGY_FIBONACCI:
		d = fibonacci(n, base, cap);
		break;
	case STRATEGY_LIST:
		if (b->ndelays == 0)
			return 0;
		d = (double)b->delays[n < b->ndelays ? n - 1 : b->ndelays - 1];
		break;
	case STRATEGY_EXPONENTIAL:
	default:
		/* power may reach inf; base > 0 keeps inf * base from NaN. */
		d = b->base == 0 ? 0 : base * power(b->factor, n - 1);
		break;
	}
	return to_ns(d, b->cap);
}

void
backoff_start(const struct backoff *b, struct backoff_state *st)
{
	st->prev = b->base;
}

/*
 * --reset-after: whether an attempt that ran ran ns before it failed
 * starts the schedule again (backoff_start, then n = 1): it ran at
 * least reset_after (0: never). A service that stayed up that long
 * recovered; its next failure is a fresh one, not the last one's
 * sequel.
 */
int
backoff_resets(uint64_t ran, uint64_t reset_after)
{
	return reset_after != 0 && ran >= reset_after;
}

/* Decorrelated jitter's bounds: [base, min(cap, factor * prev)]. */
static void
decorrelated_bounds(const struct backoff *b, const struct backoff_state *st,
    double *lo, double *hi)
{
	double	cap = (double)b->cap;

	*lo = min_d((double)b->base, cap);
	*hi = min_d(cap, b->factor * (double)st->prev);
	if (*hi < *lo)
		*hi = *lo;
}

/*
 * The centre of the spread and its half-widths below and above it, for a
 * ceiling d: where the spread reaches above the centre, the centre is
 * lowered so that the whole spread fits under the cap.
 */
static void
spread(const struct backoff *b, double d, double *lo, double *hi)
{
	double	cap = (double)b->cap, r = b->jitter_ratio, c, j;

	switch (b->jitter) {
	case JITTER_FULL:
		*lo = 0;
		*hi = d;
		break;
	case JITTER_EQUAL:
		*lo = d / 2;
		*hi = d;
		break;
	case JITTER_PROPORTIONAL:
		c = min_d(d, cap / (1 + r));
		*lo = c * (1 - r);
		*hi = c * (1 + r);
		break;
	case JITTER_NORMAL:
		c = min_d(d, cap / (1 + JITTER_NORMAL_SIGMAS * r));
		*lo = max_d(0, c * (1 - JITTER_NORMAL_SIGMAS * r));
		*hi = c * (1 + JITTER_NORMAL_SIGMAS * r);
		break;
	case JITTER_ADD:
		j = (double)b->jitter_add;
		c = max_d(0, min_d(d, cap - j));
		*lo = c;
		*hi = min_d(cap, c + j);
		break;
	case JITTER_NONE:
	default:
		*lo = *hi = d;
		break;
	}
}

/* The range [lo, hi] that the sleep before retry n can take. */
void
backoff_range(const struct backoff *b, const struct backoff_state *st,
    uint64_t n, uint64_t *lo, uint64_t *hi)
{
	double	l, h;

	if (b->jitter == JITTER_DECORRELATED)
		decorrelated_bounds(b, st, &l, &h);
	else
		spread(b, (double)backoff_ceiling(b, n), &l, &h);
	*lo = to_ns(l, b->cap);
	*hi = to_ns(h, b->cap);
}

/*
 * The longest sleep retry n can have, with the state moved on as if it
 * had been slept: the worst case of a schedule (a dry run's total).
 */
uint64_t
backoff_worst(const struct backoff *b, struct backoff_state *st, uint64_t n)
{
	uint64_t	lo, hi;

	backoff_range(b, st, n, &lo, &hi);
	st->prev = hi;
	return hi;
}

/* A standard normal draw from two uniforms (Box-Muller), cut at 3 sigma. */
static double
normal(double u, double v)
{
	double	z;

	z = root(-2 * ln(1 - u)) * cos_turns(v);
	return max_d(-JITTER_NORMAL_SIGMAS, min_d(JITTER_NORMAL_SIGMAS, z));
}

/*
 * The sleep before retry n, from the uniform draws u and v in [0, 1),
 * and in p how it came: the ceiling, the range and the draw. Updates the
 * state that decorrelated jitter carries from sleep to sleep.
 */
uint64_t
backoff_next_parts(const struct backoff *b, struct backoff_state *st,
    uint64_t n, double u, double v, struct backoff_parts *p)
{
	double		lo, hi, d = 0, s;
	uint64_t	sleep;

	p->draw = u;
	if (b->jitter == JITTER_DECORRELATED) {
		decorrelated_bounds(b, st, &lo, &hi);
		s = lo + u * (hi - lo);
	} else {
		d = (double)backoff_ceiling(b, n);
		spread(b, d, &lo, &hi);
		if (b->jitter == JITTER_NORMAL) {
			/* The centre: hi is never cut, lo may be at 0. */
			d = hi / (1 + JITTER_NORMAL_SIGMAS * b->jitter_ratio);
			p->draw = normal(u, v);
			s = d + d * b->jitter_ratio * p->draw;
			d = (double)backoff_ceiling(b, n);
		} else
			s = lo + u * (hi - lo);
	}
	sleep = to_ns(s, b->cap);
	/*
	 * An added DURATION J is uniform [0, J): half-open, and neither
	 * rounding to the nearest nanosecond nor the double sum c + u * J
	 * may reach its end (-j 1ns would land there half the time).
	 */
	if (b->jitter == JITTER_ADD && to_ns(hi, b->cap) > to_ns(lo, b->cap) &&
	    sleep >= to_ns(hi, b->cap))
		sleep = to_ns(hi, b->cap) - 1;
	st->prev = sleep;
	p->strategy = b->strategy;
	p->jitter = b->jitter;
	p->base = b->base;
	p->cap = b->cap;
	p->ceiling = to_ns(d, b->cap);
	p->lo = to_ns(lo, b->cap);
	p->hi = to_ns(hi, b->cap);
	p->sleep = sleep;
	return sleep;
}

/* The sleep before retry n, as backoff_next_parts() gives it. */
uint64_t
backoff_next(const struct backoff *b, struct backoff_state *st, uint64_t n,
    double u, double v)
{
	struct backoff_parts	p;

	return backoff_next_parts(b, st, n, u, v, &p);
}

/* --jitter's name for a kind; "added" for a DURATION added. */
const char *
backoff_jitter_name(enum jitter j)
{
	switch (j) {
	case JITTER_NONE:
		return "none";
	case JITTER_FULL:
		return "full";
	case JITTER_EQUAL:
		return "equal";
	case JITTER_DECORRELATED:
		return "decorrelated";
	case JITTER_PROPORTIONAL:
		return "proportional";
	case JITTER_NORMAL:
		return "normal";
	case JITTER_ADD:
		break;
	}
	return "added";
}
