/* SPDX-License-Identifier: ISC */
/*
 * The cost of one call of a budget's store, as a run makes it: N times
 * store_admit (a first attempt's deposit, then a retry's token) and
 * store_report, each timed on the monotonic clock; the median and the
 * 99th percentile of each kind. Built by bench/store-roundtrip against
 * src/libretry.a.
 *   store-roundtrip URL N
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "budget.h"
#include "store.h"
#include "store_url.h"

static unsigned long long
now_ns(void)
{
	struct timespec	ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (unsigned long long)ts.tv_sec * 1000000000ULL +
	    (unsigned long long)ts.tv_nsec;
}

static int
cmp(const void *a, const void *b)
{
	unsigned long long	x = *(const unsigned long long *)a;
	unsigned long long	y = *(const unsigned long long *)b;

	return x < y ? -1 : x > y;
}

static void
report(const char *what, unsigned long long *t, int n)
{
	qsort(t, (size_t)n, sizeof *t, cmp);
	printf("%-8s median %7.1f us  p99 %7.1f us  max %8.1f us\n", what,
	    (double)t[n / 2] / 1e3, (double)t[n * 99 / 100] / 1e3,
	    (double)t[n - 1] / 1e3);
}

int
main(int argc, char **argv)
{
	struct budget_params	 p;
	struct budget_grant	 g;
	struct budget_ticket	 t = { 0, 0 };
	struct store		*s;
	unsigned long long	*ta, *tr, t0;
	char			 err[4608];
	int			 i, n;

	if (argc != 3 || (n = atoi(argv[2])) < 1) {
		fprintf(stderr, "usage: store-roundtrip URL N\n");
		return 2;
	}
	memset(&p, 0, sizeof p);
	p.burst = 1e6;
	p.ratio = 0.1;
	p.rate = 1;
	p.gain = BUDGET_DEFAULT_GAIN;
	p.recover = BUDGET_DEFAULT_RECOVER;
	if ((s = store_open(argv[1], "roundtrip", &p, STORE_CREATE, err,
	    sizeof err)) == NULL) {
		fprintf(stderr, "store-roundtrip: %s\n", err);
		return 1;
	}
	ta = calloc((size_t)n, sizeof *ta);
	tr = calloc((size_t)n, sizeof *tr);
	if (ta == NULL || tr == NULL)
		return 1;
	for (i = 0; i < n; i++) {
		t0 = now_ns();
		if (store_admit(s, i % 2 == 0 ? BUDGET_FIRST : BUDGET_RETRY,
		    &g) == -1) {
			fprintf(stderr, "store-roundtrip: %s\n", store_error(s));
			return 1;
		}
		ta[i] = now_ns() - t0;
		t0 = now_ns();
		t.token = i % 2 == 1;
		if (store_report(s, BUDGET_FAILURE, &t) == -1) {
			fprintf(stderr, "store-roundtrip: %s\n", store_error(s));
			return 1;
		}
		tr[i] = now_ns() - t0;
	}
	report("take", ta, n);
	report("give", tr, n);
	store_close(s);
	free(ta);
	free(tr);
	return 0;
}
