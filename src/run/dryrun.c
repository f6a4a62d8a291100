/* SPDX-License-Identifier: ISC */
/*
 * The dry run: the delay schedule that the options give, one row per
 * retry, from backoff's formulas. Nothing is run.
 */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>

#include "report/log.h"

#include "policy/backoff.h"
#include "policy/duration.h"
#include "policy/escape.h"
#include "run/dryrun.h"
#include "store/store.h"
#include "store/store_url.h"

/*
 * Rows a dry run prints when attempts are unlimited: a few to show the
 * growth; with a deadline, up to it, but no more than a page or two.
 */
#define DRY_UNLIMITED_ROWS 10
#define DRY_DEADLINE_ROWS 100

static void say(const char *, ...) __attribute__((format(printf, 1, 2)));

/*
 * A line on stdout that names what came from outside (the store's path,
 * its warning, its error): made visible as retry's messages are
 * (escape.c), since a CI runner reads stdout for workflow commands too.
 */
static void
say(const char *fmt, ...)
{
	char	raw[4608], out[4608];
	va_list	ap;
	int	n;

	va_start(ap, fmt);
	n = vsnprintf(raw, sizeof raw, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	if ((size_t)n >= sizeof raw)
		n = sizeof raw - 1;
	escape_text(raw, (size_t)n, ESCAPE_LINE, out, sizeof out);
	printf("%s\n", out);
}

/* Add b to *a, saturating at DURATION_MAX. */
static void
add_sat(uint64_t *a, uint64_t b)
{
	*a = *a > DURATION_MAX - b ? DURATION_MAX : *a + b;
}

/*
 * With --budget: the budget's state as it is now, read without a change
 * (nothing is created), or why it cannot be read. Closes s.
 */
static int
print_budget(const struct options *o, struct store *s)
{
	const struct budget_params	*p = &o->budget_params;
	struct budget_state		 st;
	const char			*w;
	uint64_t			 now;
	char				 d[32], shown[1024];
	int				 fresh;

	/* As a run would: a store that fails is gone without, not an error. */
	if (store_read(s, &st, &now, &fresh) == -1) {
		say("(warning: budget %s cannot be used (%s); a run would go "
		    "on without it)", o->budget, store_error(s));
		store_close(s);
		return 0;
	}
	if ((w = store_take_warning(s)) != NULL)
		say("(warning: %s)", w);
	store_url_shown(o->store, shown, sizeof shown);
	say("budget %s in %s: %.2f of %.0f tokens%s; +%g a first attempt, "
	    "+%g/s", o->budget, shown, budget_tokens(p, &st, now),
	    p->burst, fresh ? " (new)" : "", p->ratio, p->rate);
	if (p->breaker_k != 0)
		printf("circuit %s: %s (opens after %lu failed attempts in a "
		    "row, for %s)\n", o->budget, budget_circuit_name(budget_circuit(p, &st, now)),
		    (unsigned long)p->breaker_k, duration_format(p->breaker_ns,
		    d, sizeof d));
	else if (st.open_until != 0)
		printf("circuit %s: %s (no --breaker here: not heeded)\n",
		    o->budget, budget_circuit_name(budget_circuit(p, &st, now)));
	store_close(s);
	return 0;
}

/*
 * --hedge: when the copies start while none succeeds or fails: one more
 * each DELAY up to --hedge-max; the rest only as copies fail.
 */
static void
print_hedge(const struct options *o)
{
	uint64_t	k, first = o->hedge_max, at = 0;
	char		d[32], t[32];

	if (o->attempts != 0 && o->attempts < first)
		first = o->attempts;
	printf("hedging: a copy every %s while none has succeeded, at most "
	    "%llu at once, ", duration_format(o->hedge_delay, d, sizeof d),
	    (unsigned long long)o->hedge_max);
	if (o->attempts == 0)
		printf("no limit in all\n");
	else
		printf("%llu in all\n", (unsigned long long)o->attempts);
	printf("%-6s  %s\n", "copy", "starts, while none has ended");
	for (k = 1; k <= first; k++, add_sat(&at, o->hedge_delay))
		printf("%-6llu  %s\n", (unsigned long long)k,
		    duration_format(at, t, sizeof t));
	if (o->attempts == 0 || o->attempts > first)
		printf("(copies after %llu start only as others fail, at "
		    "once)\n", (unsigned long long)first);
}

/*
 * What ends the listing when no deadline does: the last retry, or, with
 * no limit on attempts, a word that the list would go on.
 */
static void
print_end(const struct options *o, uint64_t rows)
{
	char	d[32];

	if (o->attempts == 1)
		printf("(one attempt: no retry, no sleep)\n");
	else if (o->attempts == 0 && o->deadline != 0)
		printf("... and so on, up to the deadline (%s): -a N lists "
		    "all N-1 retries\n", duration_format(o->deadline, d,
		    sizeof d));
	else if (o->attempts == 0)
		printf("... and so on, without end (the first %llu retries "
		    "shown): -a N lists all N-1 retries\n",
		    (unsigned long long)rows);
}

/* A limit as the dry run shows it: 0 is none. */
static char *
limit_text(uint64_t ns, char *buf, size_t len)
{
	if (ns == 0)
		snprintf(buf, len, "none");
	else
		duration_format(ns, buf, len);
	return buf;
}

/*
 * A -t list of more than one: each row shows the limit of the attempt
 * its retry starts (a single -t changes no row).
 */
static int
timeout_column(const struct options *o)
{
	return o->ntimeouts > 1;
}

/*
 * The head of the table, and what changes its rows: the first attempt's
 * own limit with a -t list; --reset-after, which no row can foresee.
 */
static void
print_head(const struct options *o)
{
	char	d[32];

	if (timeout_column(o))
		printf("--timeout: attempt 1 %s%s; the attempt after each "
		    "retry, its row's timeout (none: no limit)\n",
		    o->timeouts[0] != 0 ? "runs at most " : "has no limit",
		    o->timeouts[0] != 0 ? duration_format(o->timeouts[0], d,
		    sizeof d) : "");
	if (o->reset_after != 0)
		printf("(an attempt that runs %s or more before it fails starts "
		    "the schedule again at retry 1: --reset-after)\n",
		    duration_format(o->reset_after, d, sizeof d));
	if (timeout_column(o))
		printf("%-6s  %10s  %21s  %10s  %10s  %12s\n", "retry",
		    "ceiling", "range", "sample", "timeout", "worst total");
	else
		printf("%-6s  %10s  %21s  %10s  %12s\n", "retry", "ceiling",
		    "range", "sample", "worst total");
}

/* Retry n's row: its ceiling, range, sampled sleep, and the worst total. */
static void
print_row(const struct options *o, uint64_t n, uint64_t lo, uint64_t hi,
    uint64_t sleep, uint64_t total)
{
	char	c[80], l[32], h[32], s[32], t[32], x[32];

	duration_format(lo, l, sizeof l);
	duration_format(hi, h, sizeof h);
	snprintf(c, sizeof c, "%s..%s", l, h);
	printf("%-6llu  %10s  %21s  %10s  ", (unsigned long long)n,
	    duration_format(backoff_ceiling(&o->backoff, n), l, sizeof l), c,
	    duration_format(sleep, s, sizeof s));
	if (timeout_column(o))
		printf("%10s  ", limit_text(duration_list_at(o->timeouts,
		    o->ntimeouts, n + 1), x, sizeof x));
	printf("%12s\n", duration_format(total, t, sizeof t));
}

/*
 * The rows: for each retry n its ceiling, the range the jitter can give,
 * one sampled sleep and the worst-case time slept so far, the splay's
 * included, as the deadline counts it. A retry that could start past the
 * deadline at worst is not listed: the deadline ends the list.
 */
static void
print_schedule(const struct options *o, struct rng *rng)
{
	struct backoff_state	bs, worst;
	uint64_t		n, rows, lo, hi, sleep, total = o->splay;
	double			u, v;
	char			l[32], s[32], t[32];

	if (o->attempts != 0)
		rows = o->attempts - 1;
	else
		rows = o->deadline != 0 ? DRY_DEADLINE_ROWS : DRY_UNLIMITED_ROWS;
	if (o->splay != 0)
		printf("attempt 1 starts after a random 0s..%s (--splay)\n",
		    duration_format(o->splay, s, sizeof s));
	backoff_start(&o->backoff, &bs);
	backoff_start(&o->backoff, &worst);
	print_head(o);
	for (n = 1; n <= rows; n++) {
		backoff_range(&o->backoff, &bs, n, &lo, &hi);
		add_sat(&total, backoff_worst(&o->backoff, &worst, n));
		u = rng_uniform(rng);
		v = rng_uniform(rng);
		sleep = backoff_next(&o->backoff, &bs, n, u, v);
		if (o->deadline != 0 && total > o->deadline) {
			printf("(the deadline (%s) ends the run here: retry "
			    "%llu could start past it, at %s at worst)\n",
			    duration_format(o->deadline, l, sizeof l),
			    (unsigned long long)n,
			    duration_format(total, t, sizeof t));
			return;
		}
		print_row(o, n, lo, hi, sleep, total);
	}
	print_end(o, rows);
}

/*
 * --successes and --uncounted change which row comes next, not the rows:
 * said under them.
 */
static void
print_long_runs(const struct options *o)
{
	char	d[32];

	if (o->successes > 1)
		printf("(--successes=%llu: after a success short of %llu in a "
		    "row, the next attempt comes after retry 1's delay, and "
		    "the rows start again from there)\n",
		    (unsigned long long)o->successes,
		    (unsigned long long)o->successes);
	if (!o->uncounted_given)
		return;
	printf("(--uncounted: a failure with a status in its list is retried "
	    "as the rows say, and does not count toward -a; ");
	if (o->deadline != 0)
		printf("the deadline (%s) bounds them)\n",
		    duration_format(o->deadline, d, sizeof d));
	else
		printf("the budget %s bounds them)\n", o->budget);
}

/*
 * Print the schedule (print_schedule), or --hedge's, then the budget's
 * state with --budget.
 */
int
dryrun_print(const struct options *o, struct rng *rng)
{
	char			err[4608], shown[1024];
	struct store		*st = NULL;

	/* A store refused is said before anything is printed. */
	if (o->budget != NULL && (st = store_open(o->store, o->budget,
	    &o->budget_params, STORE_NO_CREATE, err, sizeof err)) == NULL) {
		store_url_shown(o->store, shown, sizeof shown);
		log_error("cannot use --store=%s: %s", shown, err);
		return -1;
	}
	if (o->hedge)
		print_hedge(o);
	else
		print_schedule(o, rng);
	print_long_runs(o);
	return st != NULL ? print_budget(o, st) : 0;
}
