/* SPDX-License-Identifier: ISC */
/*
 * The cost of one call of a budget's store, as a run makes it: N times
 * store_admit (a first attempt's deposit, then a retry's token) and
 * store_report, each timed on the monotonic clock; the median and the
 * 99th percentile of each kind. Built by bench/store-roundtrip against
 * src/libretry.a.
 *   store-roundtrip URL N
 *   store-roundtrip -c URL N	the first call of a store opened anew each
 *				time: connection (TLS handshake, MOVED) included
 *   store-roundtrip -f URL N	the same, each in a process of its own
 *				(fork): what a run pays, TLS set-up included
 */
#include <sys/wait.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "budget.h"
#include "store.h"
#include "store_url.h"

#include "clock.h"

static void
report(const char *what, unsigned long long *t, int n)
{
	qsort(t, (size_t)n, sizeof *t, cmp_ns);
	printf("%-10s median %7.1f us  p99 %7.1f us  max %8.1f us\n", what,
	    (double)t[n / 2] / 1e3, (double)t[n * 99 / 100] / 1e3,
	    (double)t[n - 1] / 1e3);
}

/*
 * store_open, then its first store_admit: the connection is made there.
 * Both in t[0]; the take alone (connection, handshake, script) in t[1].
 */
static void
first_call(const char *url, const struct budget_params *p,
    unsigned long long t[2])
{
	struct budget_grant	 g;
	struct store		*s;
	unsigned long long	 t0, t1;
	char			 err[4608];

	t0 = now_ns();
	if ((s = store_open(url, "roundtrip", p, STORE_CREATE, err,
	    sizeof err)) == NULL) {
		fprintf(stderr, "store-roundtrip: %s\n", err);
		exit(1);
	}
	t1 = now_ns();
	if (store_admit(s, BUDGET_FIRST, &g) == -1) {
		fprintf(stderr, "store-roundtrip: %s\n", store_error(s));
		exit(1);
	}
	t[1] = now_ns() - t1;
	t[0] = now_ns() - t0;
	store_close(s);
}

static int
first_calls(int fresh, const char *url, const struct budget_params *p, int n)
{
	unsigned long long	*t, *take, both[2];
	pid_t			 pid;
	int			 i, fd[2], st;

	if ((t = calloc((size_t)n, sizeof *t)) == NULL ||
	    (take = calloc((size_t)n, sizeof *take)) == NULL)
		return 1;
	for (i = 0; i < n; i++) {
		if (!fresh) {
			first_call(url, p, both);
			t[i] = both[0];
			take[i] = both[1];
			continue;
		}
		if (pipe(fd) == -1 || (pid = fork()) == -1)
			return 1;
		if (pid == 0) {
			close(fd[0]);
			first_call(url, p, both);
			_exit(write(fd[1], both, sizeof both) != sizeof both);
		}
		close(fd[1]);
		if (read(fd[0], both, sizeof both) != sizeof both)
			return 1;
		t[i] = both[0];
		take[i] = both[1];
		close(fd[0]);
		if (waitpid(pid, &st, 0) == -1 || st != 0)
			return 1;
	}
	report(fresh ? "first/proc" : "first", t, n);
	report(" its take", take, n);
	free(t);
	free(take);
	return 0;
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
	int			 i, n, mode = 0;

	if (argc == 4 && (strcmp(argv[1], "-c") == 0 ||
	    strcmp(argv[1], "-f") == 0)) {
		mode = argv[1][1];
		argv++;
		argc--;
	}
	if (argc != 3 || (n = atoi(argv[2])) < 1) {
		fprintf(stderr, "usage: store-roundtrip [-c|-f] URL N\n");
		return 2;
	}
	memset(&p, 0, sizeof p);
	p.burst = 1e6;
	p.ratio = 0.1;
	p.rate = 1;
	p.gain = BUDGET_DEFAULT_GAIN;
	p.recover = BUDGET_DEFAULT_RECOVER;
	if (mode != 0)
		return first_calls(mode == 'f', argv[1], &p, n);
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
