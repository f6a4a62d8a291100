/* SPDX-License-Identifier: ISC */
/*
 * The options' table, their defaults, and the rules between them: the
 * defaults one option sets for another, the options that need or refuse
 * another. options_parse.c reads the command line with them.
 */
#include "config.h"

#include <getopt.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "policy/duration.h"
#include "run/options.h"
#include "run/options_parts.h"
#include "store/store_url.h"

const char options_short[] = "+:a:s:b:c:f:j:d:r:x:t:k:D:nm:qvhV";

const struct option options_long[] = {
	{ "attempts",	required_argument,	NULL,	'a' },
	{ "times",	required_argument,	NULL,	'a' },
	{ "strategy",	required_argument,	NULL,	's' },
	{ "base",	required_argument,	NULL,	'b' },
	{ "cap",	required_argument,	NULL,	'c' },
	{ "factor",	required_argument,	NULL,	'f' },
	{ "jitter",	required_argument,	NULL,	'j' },
	{ "delay",	required_argument,	NULL,	'd' },
	{ "retry-on",	required_argument,	NULL,	'r' },
	{ "while",	required_argument,	NULL,	'r' },
	{ "stop-on",	required_argument,	NULL,	'x' },
	{ "success-on",	required_argument,	NULL,	OPT_SUCCESS_ON },
	{ "until",	required_argument,	NULL,	OPT_SUCCESS_ON },
	{ "timeout",	required_argument,	NULL,	't' },
	{ "idle-timeout", required_argument,	NULL,	OPT_IDLE_TIMEOUT },
	{ "kill-after",	required_argument,	NULL,	'k' },
	{ "signal",	required_argument,	NULL,	OPT_SIGNAL },
	{ "deadline",	required_argument,	NULL,	'D' },
	{ "max-time",	required_argument,	NULL,	'D' },
	{ "foreground",	no_argument,		NULL,	OPT_FOREGROUND },
	{ "splay",	required_argument,	NULL,	OPT_SPLAY },
	{ "stdin",	required_argument,	NULL,	OPT_STDIN },
	{ "stdout",	required_argument,	NULL,	OPT_STDOUT },
	{ "output",	required_argument,	NULL,	OPT_OUTPUT },
	{ "retry-if-output", required_argument,	NULL,	OPT_RETRY_IF },
	{ "stop-if-output", required_argument,	NULL,	OPT_STOP_IF },
	{ "fail-if-output", required_argument,	NULL,	OPT_FAIL_IF },
	{ "on-retry",	required_argument,	NULL,	OPT_ON_RETRY },
	{ "on-give-up",	required_argument,	NULL,	OPT_ON_GIVE_UP },
	{ "on-recover",	required_argument,	NULL,	OPT_ON_RECOVER },
	{ "http",	optional_argument,	NULL,	OPT_HTTP },
	{ "successes",	required_argument,	NULL,	OPT_SUCCESSES },
	{ "uncounted",	required_argument,	NULL,	OPT_UNCOUNTED },
	{ "hedge",	required_argument,	NULL,	OPT_HEDGE },
	{ "hedge-max",	required_argument,	NULL,	OPT_HEDGE_MAX },
	{ "budget",	required_argument,	NULL,	OPT_BUDGET },
	{ "store",	required_argument,	NULL,	OPT_STORE },
	{ "budget-burst", required_argument,	NULL,	OPT_BUDGET_BURST },
	{ "budget-ratio", required_argument,	NULL,	OPT_BUDGET_RATIO },
	{ "budget-rate", required_argument,	NULL,	OPT_BUDGET_RATE },
	{ "budget-wait", required_argument,	NULL,	OPT_BUDGET_WAIT },
	{ "breaker",	required_argument,	NULL,	OPT_BREAKER },
	{ "reset-after", required_argument,	NULL,	OPT_RESET_AFTER },
	{ "max-server-wait", required_argument,	NULL,	OPT_MAX_SERVER_WAIT },
	{ "seed",	required_argument,	NULL,	OPT_SEED },
	{ "dry-run",	no_argument,		NULL,	'n' },
	{ "message",	required_argument,	NULL,	'm' },
	{ "quiet",	no_argument,		NULL,	'q' },
	{ "verbose",	no_argument,		NULL,	'v' },
	{ "log-format",	required_argument,	NULL,	OPT_LOG_FORMAT },
	{ "ci",		required_argument,	NULL,	OPT_CI },
	{ "metrics",	required_argument,	NULL,	OPT_METRICS },
	{ "metrics-label", required_argument,	NULL,	OPT_METRICS_LABEL },
	{ "ci-dotenv",	required_argument,	NULL,	OPT_CI_DOTENV },
	{ "help",	no_argument,		NULL,	'h' },
	{ "version",	no_argument,		NULL,	'V' },
	{ NULL,		0,			NULL,	0 }
};

/* Write one line of error into err. */
void
options_seterr(char *err, size_t len, const char *fmt, ...)
{
	va_list	ap;

	va_start(ap, fmt);
	vsnprintf(err, len, fmt, ap);
	va_end(ap);
}

/* The name of an option for messages: "-a/--attempts" or "--seed". */
const char *
options_name(int val, char *buf, size_t len)
{
	const struct option	*o;

	for (o = options_long; o->name != NULL; o++) {
		if (o->val != val)
			continue;
		if (val < 256)
			snprintf(buf, len, "-%c/--%s", val, o->name);
		else
			snprintf(buf, len, "--%s", o->name);
		return buf;
	}
	snprintf(buf, len, "-%c", val);
	return buf;
}

/* The long options, for tests that walk the table. */
const struct option *
options_table(void)
{
	return options_long;
}

/* Two entries that name one option: getopt_long cannot tell them apart. */
static int
same_option(const struct option *a, const struct option *b)
{
	return a->has_arg == b->has_arg && a->flag == b->flag &&
	    a->val == b->val;
}

/*
 * The long options that arg ("--NAME" or "--NAME=VALUE") could mean, when
 * NAME abbreviates more than one: written as " '--strategy' '--seed'..."
 * into list, and how many they are; 0 when NAME is a name of its own,
 * abbreviates one option or none. Ambiguity is judged as glibc's
 * getopt_long judges it (an entry that is the same option as the first
 * match, an alias, does not count), by this code rather than the C
 * library's, so that musl, which only says "unrecognized", reads the
 * same. A list too long for len ends in " ...".
 */
size_t
options_ambiguous(const struct option *table, const char *arg, char *list,
    size_t len)
{
	const struct option	*p, *first = NULL;
	const char		*name = arg + 2;
	size_t			 n, count = 0, used = 0, w;
	int			 cut = 0;

	if (len > 0)
		list[0] = '\0';
	if (strncmp(arg, "--", 2) != 0 || (n = strcspn(name, "=")) == 0)
		return 0;
	for (p = table; p->name != NULL; p++)
		if (strncmp(p->name, name, n) == 0 && p->name[n] == '\0')
			return 0;
	for (p = table; p->name != NULL; p++) {
		if (strncmp(p->name, name, n) != 0)
			continue;
		if (first == NULL)
			first = p;
		else if (same_option(first, p))
			continue;
		count++;
		/* " '--NAME'", leaving room for " ..." and the NUL. */
		w = strlen(p->name) + 5;
		if (!cut && used + w + 5 <= len) {
			snprintf(list + used, len - used, " '--%s'", p->name);
			used += w;
		} else if (!cut && used + 5 <= len) {
			memcpy(list + used, " ...", 5);
			cut = 1;
		}
	}
	if (count < 2 && len > 0)
		list[0] = '\0';
	return count < 2 ? 0 : count;
}

/* The defaults, before the command line. */
void
options_defaults(struct options *o)
{
	memset(o, 0, sizeof *o);
	o->attempts = DEFAULT_ATTEMPTS;
	o->backoff.strategy = STRATEGY_EXPONENTIAL;
	/* Not full: see the man page's "Choosing a jitter" (bench/herd). */
	o->backoff.jitter = JITTER_EQUAL;
	o->backoff.base = DEFAULT_BASE_NS;
	o->backoff.cap = DEFAULT_CAP_NS;
	o->backoff.factor = DEFAULT_FACTOR;
	o->kill_after = DEFAULT_KILL_AFTER_NS;
	o->stop_signal = SIGTERM;
	statuslist_add(&o->success_on, 0, 0);
	o->budget_params.burst = BUDGET_DEFAULT_BURST;
	o->budget_params.ratio = BUDGET_DEFAULT_RATIO;
	o->budget_params.rate = BUDGET_DEFAULT_RATE;
	o->budget_params.gain = BUDGET_DEFAULT_GAIN;
	o->budget_params.recover = BUDGET_DEFAULT_RECOVER;
	o->budget_wait = DURATION_MAX;
	o->hedge_max = DEFAULT_HEDGE_MAX;
	o->max_server_wait.most = VERDICT_FLOOR_MAX_NS;
	o->ci = 1;
}

/*
 * --hedge starts copies by time, not after delays: no backoff option
 * means anything with it, and each copy needs input of its own.
 */
static int
finish_hedge(const struct options *o, const struct given *g, char *err,
    size_t errlen)
{
	char	name[64];

	if (!o->hedge) {
		if (g->hedge_max)
			options_seterr(err, errlen,
			    "--hedge-max needs --hedge=DELAY");
		return g->hedge_max ? -1 : 0;
	}
	if (g->backoff_opt != 0) {
		options_seterr(err, errlen, "--hedge and %s cannot be used "
		    "together (hedged copies start by --hedge's DELAY, not "
		    "after a backoff)", options_name(g->backoff_opt, name,
		    sizeof name));
		return -1;
	}
	if (o->stdin_mode == STDIN_PASS) {
		options_seterr(err, errlen, "--hedge and --stdin=pass cannot "
		    "be used together (each copy reads its own replay of "
		    "stdin)");
		return -1;
	}
	/* The copies run at once: no one attempt's output to show. */
	if (o->output_mode != OUTPUT_LIVE) {
		options_seterr(err, errlen, "--hedge and --output=on-failure "
		    "cannot be used together (hedged copies run at once)");
		return -1;
	}
	return 0;
}

/*
 * The policies for long runs that need another option, or refuse one:
 * failures that do not count need a bound that counts time or tokens,
 * and copies side by side race to one success, not to N in a row.
 */
static int
finish_long_runs(const struct options *o, char *err, size_t errlen)
{
	if (o->successes > 1 && o->hedge) {
		options_seterr(err, errlen, "--successes and --hedge cannot "
		    "be used together (hedged copies race to one success, "
		    "not to N in a row)");
		return -1;
	}
	if (!o->uncounted_given)
		return 0;
	if (o->uncounted_has_http && !o->http) {
		options_seterr(err, errlen, "--uncounted=http:N needs --http "
		    "(HTTP statuses are read only with it)");
		return -1;
	}
	if (o->deadline == 0 && o->budget == NULL) {
		options_seterr(err, errlen, "--uncounted needs --deadline or "
		    "--budget (failures that do not count toward --attempts "
		    "would otherwise be retried for ever)");
		return -1;
	}
	return 0;
}

/* A budget's store: RETRY_STORE (read only then), else the default. */
static int OUT_OF_LINE
budget_store(struct options *o, char *err, size_t errlen)
{
	const char	*env, *why;
	char		 url[4200];

	if ((env = getenv("RETRY_STORE")) != NULL && env[0] != '\0') {
		if (store_url_check(env, &why) == -1) {
			store_url_shown(env, url, sizeof url);
			options_seterr(err, errlen, "invalid value '%s' in "
			    "RETRY_STORE (for --store): %s", url, why);
			return -1;
		}
		o->store = strdup(env);
	} else {
		store_default_url(url, sizeof url);
		o->store = strdup(url);
	}
	if (o->store == NULL) {
		options_seterr(err, errlen, "out of memory");
		return -1;
	}
	return 0;
}

/*
 * The store of a budget: --store, else RETRY_STORE (read only when a
 * budget is used), else the default.
 */
static int
finish_budget(struct options *o, const struct given *g, char *err,
    size_t errlen)
{
	char	name[64];

	if (o->budget == NULL) {
		if (g->budget_opt == 0)
			return 0;
		options_seterr(err, errlen, "%s needs --budget=NAME (the "
		    "budget that the runs share)", options_name(g->budget_opt,
		    name, sizeof name));
		return -1;
	}
	if (o->store != NULL)
		return 0;
	return budget_store(o, err, errlen);
}

/*
 * Settle the defaults that depend on more than one option, and refuse
 * the options that do not go together.
 */
int
options_finish(struct options *o, const struct given *g, char *err,
    size_t errlen)
{
	struct backoff	*b = &o->backoff;
	char		 sp[32], dl[32];

	if (o->delays != NULL) {
		if (g->strategy) {
			options_seterr(err, errlen, "--delay and --strategy "
			    "cannot be used together");
			return -1;
		}
		b->strategy = STRATEGY_LIST;
		if (!g->jitter)
			b->jitter = JITTER_NONE;
		/*
		 * An explicit list is limited only by a --cap given; not so
		 * decorrelated jitter, which makes its own delays.
		 */
		if (!g->cap && b->jitter != JITTER_DECORRELATED)
			b->cap = DURATION_MAX;
	}
	/* --strategy=decorrelated and --jitter=decorrelated: one policy. */
	if (b->strategy == STRATEGY_DECORRELATED ||
	    b->jitter == JITTER_DECORRELATED) {
		if (b->strategy != STRATEGY_LIST)
			b->strategy = STRATEGY_DECORRELATED;
		b->jitter = JITTER_DECORRELATED;
		if (!g->factor)
			b->factor = DEFAULT_DECORRELATED_FACTOR;
	}
	if (g->quiet)
		o->verbosity = -1;
	/* A splay that long would leave no time for any attempt. */
	if (o->deadline != 0 && o->splay >= o->deadline) {
		options_seterr(err, errlen, "--splay=%s must be shorter than "
		    "--deadline=%s", duration_format(o->splay, sp, sizeof sp),
		    duration_format(o->deadline, dl, sizeof dl));
		return -1;
	}
	if (finish_budget(o, g, err, errlen) == -1 ||
	    finish_hedge(o, g, err, errlen) == -1 ||
	    finish_long_runs(o, err, errlen) == -1)
		return -1;
	if (o->metrics_label != NULL && o->metrics == NULL) {
		options_seterr(err, errlen,
		    "--metrics-label needs --metrics=FILE");
		return -1;
	}
	if (o->ncommand == 0 && !o->dry_run) {
		options_seterr(err, errlen, "missing command");
		return -1;
	}
	return 0;
}

void
options_free(struct options *o)
{
	cond_free(&o->cond);
	free(o->store);
	o->store = NULL;
	free(o->delays);
	o->delays = NULL;
	free(o->timeouts);
	o->timeouts = NULL;
	o->ntimeouts = 0;
	o->backoff.delays = NULL;
	o->backoff.ndelays = 0;
}
