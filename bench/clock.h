/* SPDX-License-Identifier: ISC */
/*
 * What the benchmark programs share: the monotonic clock in ns, and the
 * order of samples for qsort (medians and percentiles).
 */
#ifndef BENCH_CLOCK_H
#define BENCH_CLOCK_H

#include <time.h>

static inline unsigned long long
now_ns(void)
{
	struct timespec	ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (unsigned long long)ts.tv_sec * 1000000000ULL +
	    (unsigned long long)ts.tv_nsec;
}

static inline int
cmp_ns(const void *a, const void *b)
{
	unsigned long long	x = *(const unsigned long long *)a;
	unsigned long long	y = *(const unsigned long long *)b;

	return x < y ? -1 : x > y;
}

#endif
