/* SPDX-License-Identifier: ISC */
/*
 * Command line parsing. options_parse() fills a struct options or returns
 * OPTIONS_ERROR with one line of explanation; it never prints or exits, so
 * it can be unit-tested and fuzzed. Only main() reports and exits.
 */
#include "config.h"

#include <getopt.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "policy/backoff_parse.h"
#include "policy/duration.h"
#include "run/options.h"
#include "report/metrics.h"
#include "policy/scan.h"
#include "policy/signame.h"
#include "store/store_url.h"

#define nitems(a) (sizeof (a) / sizeof (a)[0])

enum {
	OPT_SUCCESS_ON = 256,
	OPT_SEED,
	OPT_LOG_FORMAT,
	OPT_SIGNAL,
	OPT_FOREGROUND,
	OPT_SPLAY,
	OPT_STDIN,
	OPT_STDOUT,
	OPT_RETRY_IF,
	OPT_STOP_IF,
	OPT_FAIL_IF,
	OPT_ON_RETRY,
	OPT_ON_GIVE_UP,
	OPT_HTTP,
	OPT_BUDGET,
	OPT_STORE,
	OPT_BUDGET_BURST,
	OPT_BUDGET_RATIO,
	OPT_BUDGET_RATE,
	OPT_BREAKER,
	OPT_BUDGET_WAIT,
	OPT_IDLE_TIMEOUT,
	OPT_HEDGE,
	OPT_HEDGE_MAX,
	OPT_CI,
	OPT_METRICS,
	OPT_METRICS_LABEL,
};

static const char short_options[] = "+:a:s:b:c:f:j:d:r:x:t:k:D:nm:qvhV";

static const struct option long_options[] = {
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
	{ "retry-if-output", required_argument,	NULL,	OPT_RETRY_IF },
	{ "stop-if-output", required_argument,	NULL,	OPT_STOP_IF },
	{ "fail-if-output", required_argument,	NULL,	OPT_FAIL_IF },
	{ "on-retry",	required_argument,	NULL,	OPT_ON_RETRY },
	{ "on-give-up",	required_argument,	NULL,	OPT_ON_GIVE_UP },
	{ "http",	optional_argument,	NULL,	OPT_HTTP },
	{ "hedge",	required_argument,	NULL,	OPT_HEDGE },
	{ "hedge-max",	required_argument,	NULL,	OPT_HEDGE_MAX },
	{ "budget",	required_argument,	NULL,	OPT_BUDGET },
	{ "store",	required_argument,	NULL,	OPT_STORE },
	{ "budget-burst", required_argument,	NULL,	OPT_BUDGET_BURST },
	{ "budget-ratio", required_argument,	NULL,	OPT_BUDGET_RATIO },
	{ "budget-rate", required_argument,	NULL,	OPT_BUDGET_RATE },
	{ "budget-wait", required_argument,	NULL,	OPT_BUDGET_WAIT },
	{ "breaker",	required_argument,	NULL,	OPT_BREAKER },
	{ "seed",	required_argument,	NULL,	OPT_SEED },
	{ "dry-run",	no_argument,		NULL,	'n' },
	{ "message",	required_argument,	NULL,	'm' },
	{ "quiet",	no_argument,		NULL,	'q' },
	{ "verbose",	no_argument,		NULL,	'v' },
	{ "log-format",	required_argument,	NULL,	OPT_LOG_FORMAT },
	{ "ci",		required_argument,	NULL,	OPT_CI },
	{ "metrics",	required_argument,	NULL,	OPT_METRICS },
	{ "metrics-label", required_argument,	NULL,	OPT_METRICS_LABEL },
	{ "help",	no_argument,		NULL,	'h' },
	{ "version",	no_argument,		NULL,	'V' },
	{ NULL,		0,			NULL,	0 }
};

/* What the command line said, before defaults that depend on each other. */
struct given {
	int	strategy;
	int	jitter;
	int	cap;
	int	factor;
	int	quiet;
	int	success_on;
	int	budget_opt;	/* an option that needs --budget: its val */
	int	backoff_opt;	/* a backoff option (not with --hedge) */
	int	hedge_max;	/* --hedge-max was given */
};

/*
 * Out of line: the helpers with a buffer of some size, which only a
 * usage error or a rare option needs. Inlined, their buffers made
 * options_parse()'s frame 4.4 KiB, and every run's first calls into
 * libc, bound that deep on the stack, touched a page of it more (a page
 * fault; issue 28).
 */
#define OUT_OF_LINE __attribute__((noinline))

static void	seterr(char *, size_t, const char *, ...)
    __attribute__((format(printf, 3, 4)));

/* Write one line of error into err. */
static void
seterr(char *err, size_t len, const char *fmt, ...)
{
	va_list	ap;

	va_start(ap, fmt);
	vsnprintf(err, len, fmt, ap);
	va_end(ap);
}

/* The name of an option for messages: "-a/--attempts" or "--seed". */
static const char *
option_name(int val, char *buf, size_t len)
{
	const struct option	*o;

	for (o = long_options; o->name != NULL; o++) {
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

/* -a/--attempts=N: a whole number, or 0, inf or forever for no limit. */
static int
parse_attempts(const char *s, struct options *o, const char **why)
{
	if (strcmp(s, "inf") == 0 || strcmp(s, "forever") == 0) {
		o->attempts = 0;
		return 0;
	}
	if (scan_u64(s, &o->attempts) == -1) {
		*why = "expected a whole number, 0, inf or forever";
		return -1;
	}
	return 0;
}

/*
 * The backoff options (backoff_parse.c), noted in g: --hedge refuses
 * them, and finish() settles the defaults they leave.
 */
static int
parse_backoff(int c, const char *arg, struct options *o, struct given *g,
    const char **why)
{
	struct backoff	*b = &o->backoff;
	uint64_t	*delays;
	size_t		 n;

	g->backoff_opt = c;
	switch (c) {
	case 's':
		g->strategy = c;
		return backoff_parse_strategy(arg, &b->strategy, why);
	case 'b':
		return duration_parse(arg, &b->base, why);
	case 'c':
		g->cap = c;
		return duration_parse(arg, &b->cap, why);
	case 'f':
		g->factor = c;
		return backoff_parse_factor(arg, &b->factor, why);
	case 'j':
		g->jitter = c;
		return backoff_parse_jitter(arg, b, why);
	}
	/* -d: the last list given is the one. */
	if (backoff_parse_delays(arg, &delays, &n, why) == -1)
		return -1;
	free(o->delays);
	o->delays = delays;
	b->delays = delays;
	b->ndelays = n;
	return 0;
}

/*
 * -r, -x and --success-on. A list given again adds up (-x 3 -x 4 is
 * -x 3,4); the first --success-on replaces the default (0).
 */
static int
parse_statuses(int c, const char *arg, struct options *o, struct given *g,
    const char **why)
{
	struct statuslist	more, *sl;

	switch (c) {
	case 'r':
		o->retry_on_given = 1;
		sl = &o->retry_on;
		break;
	case 'x':
		sl = &o->stop_on;
		break;
	default:
		if (!g->success_on)
			statuslist_clear(&o->success_on);
		g->success_on = 1;
		sl = &o->success_on;
		break;
	}
	if (statuslist_parse(arg, &more, why) == -1)
		return -1;
	statuslist_merge(sl, &more);
	return 0;
}

/*
 * --http[=LIST]: the HTTP statuses that are retried. Given more than once,
 * the lists add up, a bare --http bringing the default set.
 */
static int
parse_http(const char *s, struct options *o, const char **why)
{
	struct http_list	more;
	size_t			i;

	if (s == NULL)
		http_list_default(&more);
	else if (http_list_parse(s, &more, why) == -1)
		return -1;
	if (!o->http)
		memset(&o->http_retry, 0, sizeof o->http_retry);
	o->http = 1;
	for (i = 0; i < sizeof more.bits / sizeof more.bits[0]; i++)
		o->http_retry.bits[i] |= more.bits[i];
	return 0;
}

/* --hedge=DELAY and --hedge-max=N. */
static int
parse_hedge(int c, const char *arg, struct options *o, struct given *g,
    const char **why)
{
	if (c == OPT_HEDGE) {
		o->hedge = 1;
		return duration_parse(arg, &o->hedge_delay, why);
	}
	g->hedge_max = 1;
	if (scan_u64(arg, &o->hedge_max) == -1 || o->hedge_max < 2 ||
	    o->hedge_max > HEDGE_MAX_MAX) {
		*why = "expected a whole number from 2 to 100";
		return -1;
	}
	return 0;
}

/* -m, --log-format, --ci, --metrics and --metrics-label: what is said. */
static int
parse_report(int c, const char *arg, struct options *o, const char **why)
{
	static const struct scan_word formats[] = {
		{ "text", LOG_TEXT },
		{ "json", LOG_JSON },
	};
	int	v;

	switch (c) {
	case 'm':
		o->label = arg;
		return 0;
	case OPT_LOG_FORMAT:
		if ((v = scan_word(formats, nitems(formats), arg)) == -1) {
			*why = "expected text or json";
			return -1;
		}
		o->log_format = v;
		return 0;
	case OPT_CI:
		if (strcmp(arg, "auto") != 0 && strcmp(arg, "off") != 0) {
			*why = "expected auto or off";
			return -1;
		}
		o->ci = strcmp(arg, "auto") == 0;
		return 0;
	case OPT_METRICS:
		if (*arg == '\0' || arg[strlen(arg) - 1] == '/') {
			*why = "expected the name of a file";
			return -1;
		}
		o->metrics = arg;
		return 0;
	}
	if (!metrics_label_valid(arg)) {
		*why = "expected 1 to 256 bytes of UTF-8 text, without control "
		    "characters";
		return -1;
	}
	o->metrics_label = arg;
	return 0;
}

/*
 * The options of a shared budget (budget.c; the store's URL, store_url.c),
 * noted in g but for --budget itself: they need it.
 */
static int
parse_budget(int c, const char *arg, struct options *o, struct given *g,
    const char **why)
{
	struct budget_params	*p = &o->budget_params;
	char			*dup;

	if (c != OPT_BUDGET)
		g->budget_opt = c;
	switch (c) {
	case OPT_BUDGET:
		if (!budget_name_valid(arg)) {
			*why = "expected 1 to 128 letters, digits, '.', '_' "
			    "or '-' (not . or ..)";
			return -1;
		}
		o->budget = arg;
		return 0;
	case OPT_STORE:
		if (store_url_check(arg, why) == -1)
			return -1;
		if ((dup = strdup(arg)) == NULL) {
			*why = "out of memory";
			return -1;
		}
		free(o->store);
		o->store = dup;
		return 0;
	case OPT_BUDGET_BURST:
		return budget_parse_burst(arg, &p->burst, why);
	case OPT_BUDGET_RATIO:
		return budget_parse_ratio(arg, &p->ratio, why);
	case OPT_BUDGET_RATE:
		return budget_parse_rate(arg, &p->rate, why);
	case OPT_BREAKER:
		return budget_parse_breaker(arg, &p->breaker_k, &p->breaker_ns,
		    why);
	}
	return duration_parse(arg, &o->budget_wait, why);
}

/* The field a plain duration option sets; NULL if c is not one. */
static uint64_t *
duration_field(int c, struct options *o)
{
	switch (c) {
	case 't':
		return &o->timeout;
	case OPT_IDLE_TIMEOUT:
		return &o->idle_timeout;
	case 'k':
		return &o->kill_after;
	case 'D':
		return &o->deadline;
	case OPT_SPLAY:
		return &o->splay;
	}
	return NULL;
}

/* The options of each attempt and of the run as a whole. */
static int
parse_run(int c, const char *arg, struct options *o, const char **why)
{
	uint64_t	*ns;

	switch (c) {
	case 'a':
		return parse_attempts(arg, o, why);
	case OPT_SEED:
		o->seeded = 1;
		if (scan_u64(arg, &o->seed) == -1) {
			*why = "expected a whole number";
			return -1;
		}
		return 0;
	case OPT_SIGNAL:
		o->stop_signal = signame_parse(arg, why);
		return o->stop_signal == -1 ? -1 : 0;
	case OPT_STDIN:
		return stdio_mode_parse_stdin(arg, &o->stdin_mode, why);
	case OPT_STDOUT:
		return stdio_mode_parse_stdout(arg, &o->stdout_mode, why);
	case OPT_HTTP:
		return parse_http(arg, o, why);
	case OPT_ON_RETRY:
		o->on_retry = arg;
		return 0;
	case OPT_ON_GIVE_UP:
		o->on_give_up = arg;
		return 0;
	}
	if ((ns = duration_field(c, o)) != NULL)
		return duration_parse(arg, ns, why);
	return 0;
}

/* Compile an ERE of a condition on output; regerror's text on error. */
static int OUT_OF_LINE
parse_condition(int c, const char *arg, struct options *o, char *err,
    size_t errlen)
{
	enum cond_kind	kind = c == OPT_RETRY_IF ? COND_RETRY_IF :
			    c == OPT_STOP_IF ? COND_STOP_IF : COND_FAIL_IF;
	char		name[64], why[256];

	if (cond_add(&o->cond, kind, arg, why, sizeof why) == 0)
		return 0;
	seterr(err, errlen, "invalid value '%s' for %s: %s", arg,
	    option_name(c, name, sizeof name), why);
	return -1;
}

/* Parse the value of option c; -1 with *why on a bad value. */
static int
parse_value(int c, const char *arg, struct options *o, struct given *g,
    const char **why)
{
	switch (c) {
	case 's':
	case 'b':
	case 'c':
	case 'f':
	case 'j':
	case 'd':
		return parse_backoff(c, arg, o, g, why);
	case 'r':
	case 'x':
	case OPT_SUCCESS_ON:
		return parse_statuses(c, arg, o, g, why);
	case OPT_HEDGE:
	case OPT_HEDGE_MAX:
		return parse_hedge(c, arg, o, g, why);
	case 'm':
	case OPT_LOG_FORMAT:
	case OPT_CI:
	case OPT_METRICS:
	case OPT_METRICS_LABEL:
		return parse_report(c, arg, o, why);
	case OPT_BUDGET:
	case OPT_STORE:
	case OPT_BUDGET_BURST:
	case OPT_BUDGET_RATIO:
	case OPT_BUDGET_RATE:
	case OPT_BUDGET_WAIT:
	case OPT_BREAKER:
		return parse_budget(c, arg, o, g, why);
	}
	return parse_run(c, arg, o, why);
}

static void
set_defaults(struct options *o)
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
			seterr(err, errlen, "--hedge-max needs --hedge=DELAY");
		return g->hedge_max ? -1 : 0;
	}
	if (g->backoff_opt != 0) {
		seterr(err, errlen, "--hedge and %s cannot be used together "
		    "(hedged copies start by --hedge's DELAY, not after a "
		    "backoff)", option_name(g->backoff_opt, name,
		    sizeof name));
		return -1;
	}
	if (o->stdin_mode == STDIN_PASS) {
		seterr(err, errlen, "--hedge and --stdin=pass cannot be used "
		    "together (each copy reads its own replay of stdin)");
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
			seterr(err, errlen, "invalid value '%s' in RETRY_STORE "
			    "(for --store): %s", url, why);
			return -1;
		}
		o->store = strdup(env);
	} else {
		store_default_url(url, sizeof url);
		o->store = strdup(url);
	}
	if (o->store == NULL) {
		seterr(err, errlen, "out of memory");
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
		seterr(err, errlen, "%s needs --budget=NAME (the budget that "
		    "the runs share)", option_name(g->budget_opt, name,
		    sizeof name));
		return -1;
	}
	if (o->store != NULL)
		return 0;
	return budget_store(o, err, errlen);
}

/* Settle the defaults that depend on more than one option. */
static int
finish(struct options *o, const struct given *g, char *err, size_t errlen)
{
	struct backoff	*b = &o->backoff;
	char		 sp[32], dl[32];

	if (o->delays != NULL) {
		if (g->strategy) {
			seterr(err, errlen, "--delay and --strategy cannot be "
			    "used together");
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
		seterr(err, errlen, "--splay=%s must be shorter than "
		    "--deadline=%s", duration_format(o->splay, sp, sizeof sp),
		    duration_format(o->deadline, dl, sizeof dl));
		return -1;
	}
	if (finish_budget(o, g, err, errlen) == -1 ||
	    finish_hedge(o, g, err, errlen) == -1)
		return -1;
	if (o->metrics_label != NULL && o->metrics == NULL) {
		seterr(err, errlen, "--metrics-label needs --metrics=FILE");
		return -1;
	}
	if (o->ncommand == 0 && !o->dry_run) {
		seterr(err, errlen, "missing command");
		return -1;
	}
	return 0;
}

/* The long options, for tests that walk the table. */
const struct option *
options_table(void)
{
	return long_options;
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

/* Explain an option that getopt_long did not take. */
static void OUT_OF_LINE
getopt_error(int c, int argc, char **argv, char *err, size_t errlen)
{
	const char	*arg = optind > 0 && optind <= argc ? argv[optind - 1] : "";
	char		 name[64], list[400];

	if (c == '?' && optopt == 0 &&
	    options_ambiguous(long_options, arg, list, sizeof list) > 0)
		seterr(err, errlen, "option '%s' is ambiguous; possibilities:%s",
		    arg, list);
	else if (c == ':')
		seterr(err, errlen, "option %s requires an argument",
		    option_name(optopt, name, sizeof name));
	else if (optopt != 0 && strncmp(arg, "--", 2) == 0)
		seterr(err, errlen, "option %s does not take a value: '%s'",
		    option_name(optopt, name, sizeof name), arg);
	else if (optopt > 0 && optopt < 128)
		seterr(err, errlen, "invalid option -- '%c'", optopt);
	else
		seterr(err, errlen, "unrecognized option '%s'", arg);
}

/*
 * `--http 503 curl ...`: an optional argument goes only with '=', so 503
 * would be run as the command. A command word that reads as a list of
 * HTTP statuses, right after a bare --http, is taken for that mistake;
 * `--http -- 503` runs it all the same.
 */
static int
http_list_as_command(int argc, char **argv, char *err, size_t errlen)
{
	struct http_list	 hl;
	const char		*why;

	if (optind < 2 || optind >= argc ||
	    strcmp(argv[optind - 1], "--http") != 0 ||
	    http_list_parse(argv[optind], &hl, &why) == -1)
		return 0;
	seterr(err, errlen, "option --http takes its list as --http=%s; '%s' "
	    "would be run as the command", argv[optind], argv[optind]);
	return -1;
}

/* Say why option c's value arg is refused. */
static void OUT_OF_LINE
value_error(int c, const char *arg, const char *why, char *err,
    size_t errlen)
{
	char	name[64], shown[1024];

	if (c == OPT_STORE)	/* no password in messages */
		store_url_shown(arg, shown, sizeof shown);
	seterr(err, errlen, "invalid value '%s' for %s: %s",
	    c == OPT_STORE ? shown : arg != NULL ? arg : "",
	    option_name(c, name, sizeof name), why);
}

/*
 * Parse argv into o. Returns OPTIONS_RUN, OPTIONS_HELP or OPTIONS_VERSION;
 * on a usage error OPTIONS_ERROR, with one line in err, which is written
 * only then: main's room for it stays untouched, a page not faulted in.
 */
enum options_result
options_parse(struct options *o, int argc, char **argv, char *err,
    size_t errlen)
{
	struct given	 g;
	const char	*why;
	int		 c;

	memset(o, 0, sizeof *o);
	set_defaults(o);
	memset(&g, 0, sizeof g);
	opterr = 0;
	optind = 0;	/* start afresh: glibc and musl both take 0 so */
	while ((c = getopt_long(argc, argv, short_options, long_options,
	    NULL)) != -1) {
		switch (c) {
		case 'h':
			return OPTIONS_HELP;
		case 'V':
			return OPTIONS_VERSION;
		case 'n':
			o->dry_run = 1;
			continue;
		case OPT_FOREGROUND:
			o->foreground = 1;
			continue;
		case 'q':
			g.quiet = 1;
			continue;
		case 'v':
			if (o->verbosity < 9)
				o->verbosity++;
			continue;
		case ':':
		case '?':
			getopt_error(c, argc, argv, err, errlen);
			return OPTIONS_ERROR;
		}
		if (c == OPT_RETRY_IF || c == OPT_STOP_IF || c == OPT_FAIL_IF) {
			if (parse_condition(c, optarg, o, err, errlen) == -1)
				return OPTIONS_ERROR;
			continue;
		}
		why = "invalid value";
		if (parse_value(c, optarg, o, &g, &why) == -1) {
			value_error(c, optarg, why, err, errlen);
			return OPTIONS_ERROR;
		}
	}
	o->command = argv + optind;
	o->ncommand = argc - optind;
	if (finish(o, &g, err, errlen) == -1)
		return OPTIONS_ERROR;
	if (http_list_as_command(argc, argv, err, errlen) == -1)
		return OPTIONS_ERROR;
	return OPTIONS_RUN;
}

void
options_free(struct options *o)
{
	cond_free(&o->cond);
	free(o->store);
	o->store = NULL;
	free(o->delays);
	o->delays = NULL;
	o->backoff.delays = NULL;
	o->backoff.ndelays = 0;
}
