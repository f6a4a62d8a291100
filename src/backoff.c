/*
 * Backoff delays. Formulas from shared/SPEC.md; decorrelated jitter is the
 * one of the AWS Architecture Blog's "Exponential Backoff And Jitter" (Marc
 * Brooker, 2015): sleep = uniform [base, min(cap, 3 * previous sleep)], with
 * the bound clamped before the draw so that sleeps do not pile up at the
 * cap. All arithmetic is in double nanoseconds and clamped before it is
 * turned back into an integer, so no n and no factor can overflow.
 */
#include <math.h>
#include <stdint.h>

#include "backoff.h"

/* A double number of nanoseconds, as an integer within [0, cap]. */
static uint64_t
to_ns(double ns, uint64_t cap)
{
	if (!(ns > 0))		/* also NaN */
		return 0;
	if (ns >= (double)cap)
		return cap;
	return (uint64_t)ns;
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
		/* pow may reach inf; base > 0 keeps inf * base from NaN. */
		d = b->base == 0 ? 0 : base * pow(b->factor, (double)(n - 1));
		break;
	}
	return to_ns(d, b->cap);
}

void
backoff_start(const struct backoff *b, struct backoff_state *st)
{
	st->prev = b->base;
}

/* Decorrelated jitter's bounds: [base, min(cap, factor * prev)]. */
static void
decorrelated_bounds(const struct backoff *b, const struct backoff_state *st,
    double *lo, double *hi)
{
	double	cap = (double)b->cap;

	*lo = fmin((double)b->base, cap);
	*hi = fmin(cap, b->factor * (double)st->prev);
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
		c = fmin(d, cap / (1 + r));
		*lo = c * (1 - r);
		*hi = c * (1 + r);
		break;
	case JITTER_NORMAL:
		c = fmin(d, cap / (1 + JITTER_NORMAL_SIGMAS * r));
		*lo = fmax(0, c * (1 - JITTER_NORMAL_SIGMAS * r));
		*hi = c * (1 + JITTER_NORMAL_SIGMAS * r);
		break;
	case JITTER_ADD:
		j = (double)b->jitter_add;
		c = fmax(0, fmin(d, cap - j));
		*lo = c;
		*hi = fmin(cap, c + j);
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

/* A standard normal draw from two uniforms (Box-Muller), cut at 3 sigma. */
static double
normal(double u, double v)
{
	double	z;

	z = sqrt(-2 * log(1 - u)) * cos(2 * M_PI * v);
	return fmax(-JITTER_NORMAL_SIGMAS, fmin(JITTER_NORMAL_SIGMAS, z));
}

/*
 * The sleep before retry n, from the uniform draws u and v in [0, 1).
 * Updates the state that decorrelated jitter carries from sleep to sleep.
 */
uint64_t
backoff_next(const struct backoff *b, struct backoff_state *st, uint64_t n,
    double u, double v)
{
	double		lo, hi, d, s;
	uint64_t	sleep;

	if (b->jitter == JITTER_DECORRELATED) {
		decorrelated_bounds(b, st, &lo, &hi);
		s = lo + u * (hi - lo);
	} else {
		d = (double)backoff_ceiling(b, n);
		spread(b, d, &lo, &hi);
		if (b->jitter == JITTER_NORMAL) {
			/* The centre: hi is never cut, lo may be at 0. */
			d = hi / (1 + JITTER_NORMAL_SIGMAS * b->jitter_ratio);
			s = d + d * b->jitter_ratio * normal(u, v);
		} else
			s = lo + u * (hi - lo);
	}
	sleep = to_ns(s, b->cap);
	st->prev = sleep;
	return sleep;
}
