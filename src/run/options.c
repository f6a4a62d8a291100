/* SPDX-License-Identifier: ISC */
/*
 * Command line parsing. options_parse() fills a struct options or returns
 * OPTIONS_ERROR with one line of explanation; it never prints or exits, so
 * it can be unit-tested and fuzzed. Only main() reports and exits.
 */
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "policy/duration.h"
#include "run/options.h"
#ifdef HAVE_HIREDIS
#include "proc/dynlib.h"
#endif
#include "report/metrics.h"
#include "policy/signame.h"
#include "store/store_url.h"

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

/* A whole number without sign or garbage; -1 if it is not one. */
static int
parse_u64(const char *s, uint64_t *out)
{
	unsigned long long	v;
	char		       *end;

	if (s[0] < '0' || s[0] > '9')
		return -1;
	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno != 0 || *end != '\0')
		return -1;
	*out = v;
	return 0;
}

/* A finite decimal number; -1 if it is not one. */
static int
parse_double(const char *s, double *out)
{
	char	*end;
	double	 v;

	/* Digits first: strtod would skip spaces and take a sign. */
	if ((*s < '0' || *s > '9') && *s != '.')
		return -1;
	if (strchr(s, 'x') != NULL || strchr(s, 'X') != NULL)
		return -1;
	errno = 0;
	v = strtod(s, &end);
	if (errno != 0 || *end != '\0' || !isfinite(v))
		return -1;
	*out = v;
	return 0;
}

static int
parse_attempts(const char *s, struct options *o, const char **why)
{
	if (strcmp(s, "inf") == 0 || strcmp(s, "forever") == 0) {
		o->attempts = 0;
		return 0;
	}
	if (parse_u64(s, &o->attempts) == -1) {
		*why = "expected a whole number, 0, inf or forever";
		return -1;
	}
	return 0;
}

/* A word an option accepts and the enum constant it stands for. */
struct name_value {
	const char	*name;
	int		 value;
};

/* The value of name s in table t of n entries, or -1 if s is not there. */
static int
lookup(const struct name_value *t, size_t n, const char *s)
{
	size_t	i;

	for (i = 0; i < n; i++) {
		if (strcmp(s, t[i].name) == 0)
			return t[i].value;
	}
	return -1;
}

static int
parse_strategy(const char *s, struct options *o, const char **why)
{
	static const struct name_value names[] = {
		{ "exponential", STRATEGY_EXPONENTIAL },
		{ "constant", STRATEGY_CONSTANT },
		{ "fixed", STRATEGY_CONSTANT },
		{ "linear", STRATEGY_LINEAR },
		{ "fibonacci", STRATEGY_FIBONACCI },
		{ "decorrelated", STRATEGY_DECORRELATED },
	};
	int	v;

	if ((v = lookup(names, sizeof names / sizeof names[0], s)) == -1) {
		*why = "expected exponential, constant, fixed, linear, "
		    "fibonacci or decorrelated";
		return -1;
	}
	o->backoff.strategy = v;
	return 0;
}

static int
parse_factor(const char *s, struct options *o, const char **why)
{
	double	f;

	if (parse_double(s, &f) == -1 || !(f > 1) || f > 1e6) {
		*why = "expected a number greater than 1 (at most 1000000)";
		return -1;
	}
	o->backoff.factor = f;
	return 0;
}

/* "name" or "name:X", X a number in (0, max] (max 0: no upper bound). */
static int
parse_jitter_ratio(const char *s, const char *name, double def, double max,
    double *out)
{
	size_t	len = strlen(name);

	if (strncmp(s, name, len) != 0)
		return 0;
	if (s[len] == '\0') {
		*out = def;
		return 1;
	}
	if (s[len] != ':' || parse_double(s + len + 1, out) == -1 ||
	    !(*out > 0) || (max > 0 && *out > max))
		return -1;
	return 1;
}

static int
parse_jitter(const char *s, struct options *o, const char **why)
{
	static const struct name_value names[] = {
		{ "none", JITTER_NONE },
		{ "full", JITTER_FULL },
		{ "equal", JITTER_EQUAL },
		{ "decorrelated", JITTER_DECORRELATED },
	};
	struct backoff	*b = &o->backoff;
	const char	*dwhy;
	int		 r;

	if ((r = lookup(names, sizeof names / sizeof names[0], s)) != -1)
		b->jitter = r;
	else if ((r = parse_jitter_ratio(s, "proportional",
	    JITTER_PROPORTIONAL_DEFAULT, 1, &b->jitter_ratio)) != 0) {
		if (r == -1) {
			*why = "proportional:R needs 0 < R <= 1";
			return -1;
		}
		b->jitter = JITTER_PROPORTIONAL;
	} else if ((r = parse_jitter_ratio(s, "normal", JITTER_NORMAL_DEFAULT,
	    1e6, &b->jitter_ratio)) != 0) {
		if (r == -1) {
			*why = "normal:S needs S > 0";
			return -1;
		}
		b->jitter = JITTER_NORMAL;
	} else if (duration_parse(s, &b->jitter_add, &dwhy) == 0)
		b->jitter = JITTER_ADD;
	else {
		*why = "expected none, full, equal, decorrelated, "
		    "proportional[:R], normal[:S] or a duration";
		return -1;
	}
	return 0;
}

/* A comma separated list of durations for --delay. */
static int
parse_delays(const char *s, struct options *o, const char **why)
{
	const char	*p;
	char		*copy, *tok, *save = NULL;
	size_t		 n = 1, i = 0;

	if (*s == '\0') {
		*why = "empty list";
		return -1;
	}
	for (p = s; *p != '\0'; p++)
		n += *p == ',';
	free(o->delays);
	o->delays = calloc(n, sizeof *o->delays);
	copy = strdup(s);
	if (o->delays == NULL || copy == NULL) {
		free(copy);
		*why = "out of memory";
		return -1;
	}
	/* strtok would merge ",," into one separator: walk by hand. */
	for (tok = copy; i < n; i++) {
		save = strchr(tok, ',');
		if (save != NULL)
			*save = '\0';
		if (*tok == '\0' ||
		    duration_parse(tok, &o->delays[i], why) == -1) {
			if (*tok == '\0')
				*why = "empty element";
			free(copy);
			return -1;
		}
		if (save != NULL)
			tok = save + 1;
	}
	free(copy);
	o->backoff.delays = o->delays;
	o->backoff.ndelays = n;
	return 0;
}

static int
parse_stdin(const char *s, struct options *o, const char **why)
{
	static const struct name_value names[] = {
		{ "replay", STDIN_REPLAY },
		{ "pass", STDIN_PASS },
		{ "null", STDIN_NULL },
	};
	int	v;

	if ((v = lookup(names, sizeof names / sizeof names[0], s)) == -1) {
		*why = "expected replay, pass or null";
		return -1;
	}
	o->stdin_mode = v;
	return 0;
}

static int
parse_stdout(const char *s, struct options *o, const char **why)
{
	static const struct name_value names[] = {
		{ "stream", STDOUT_STREAM },
		{ "hold", STDOUT_HOLD },
	};
	int	v;

	if ((v = lookup(names, sizeof names / sizeof names[0], s)) == -1) {
		*why = "expected stream or hold";
		return -1;
	}
	o->stdout_mode = v;
	return 0;
}

static int
parse_log_format(const char *s, struct options *o, const char **why)
{
	static const struct name_value names[] = {
		{ "text", LOG_TEXT },
		{ "json", LOG_JSON },
	};
	int	v;

	if ((v = lookup(names, sizeof names / sizeof names[0], s)) == -1) {
		*why = "expected text or json";
		return -1;
	}
	o->log_format = v;
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

/*
 * "N/DURATION" as N and nanoseconds (DURATION > 0; a bare unit, as in
 * 1/s, is one of it). whole: N a whole number from 1; else N >= 0.
 */
static int
parse_per(const char *s, int whole, double *n, uint64_t *ns, const char **why)
{
	const char	*slash = strchr(s, '/');
	char		 num[64], dur[64];
	uint64_t	 k;
	size_t		 len;

	*why = whole ? "expected K/DURATION, as 5/30s (K from 1)" :
	    "expected N/DURATION, as 1/s, 30/m or 1/500ms";
	if (slash == NULL || (len = (size_t)(slash - s)) == 0 ||
	    len >= sizeof num || strlen(slash + 1) + 2 > sizeof dur)
		return -1;
	memcpy(num, s, len);
	num[len] = '\0';
	if (whole) {
		if (parse_u64(num, &k) == -1 || k == 0 || k > 1000000)
			return -1;
		*n = (double)k;
	} else if (parse_double(num, n) == -1 || *n > 1e9)
		return -1;
	/* A bare unit: "s" is "1s". */
	snprintf(dur, sizeof dur, "%s%s", slash[1] >= 'a' && slash[1] <= 'z' ?
	    "1" : "", slash + 1);
	if (duration_parse(dur, ns, why) == -1)
		return -1;
	if (*ns == 0) {
		*why = "the DURATION must be more than 0";
		return -1;
	}
	return 0;
}

/* --ci, --metrics and --metrics-label: where people look. */
static int
parse_report(int c, const char *arg, struct options *o, const char **why)
{
	switch (c) {
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
	default:
		if (!metrics_label_valid(arg)) {
			*why = "expected 1 to 256 bytes of UTF-8 text, without "
			    "control characters";
			return -1;
		}
		o->metrics_label = arg;
		return 0;
	}
}

/* The options of a shared budget (see store_url.c and budget.c). */
static int
parse_budget_value(int c, const char *arg, struct options *o,
    const char **why)
{
	struct budget_params	*p = &o->budget_params;
	char			*dup;
	uint64_t		 u, ns;
	double			 d;

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
		if (parse_u64(arg, &u) == -1 || u < 1 || u > 1000000) {
			*why = "expected a whole number from 1 to 1000000";
			return -1;
		}
		p->burst = (double)u;
		return 0;
	case OPT_BUDGET_RATIO:
		if (parse_double(arg, &d) == -1 || d > 1) {
			*why = "expected a number from 0 to 1";
			return -1;
		}
		p->ratio = d;
		return 0;
	case OPT_BUDGET_RATE:
		if (parse_per(arg, 0, &d, &ns, why) == -1)
			return -1;
		p->rate = d / ((double)ns / 1e9);
		return 0;
	case OPT_BREAKER:
		if (parse_per(arg, 1, &d, &ns, why) == -1)
			return -1;
		p->breaker_k = (uint32_t)d;
		p->breaker_ns = ns;
		return 0;
	case OPT_BUDGET_WAIT:
		return duration_parse(arg, &o->budget_wait, why);
	}
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

/* Parse the argument of option c; -1 with *why on a bad value. */
/* A status list option given again adds up: -x 3 -x 4 is -x 3,4. */
static int
parse_list_more(const char *arg, struct statuslist *sl, const char **why)
{
	struct statuslist	more;

	if (statuslist_parse(arg, &more, why) == -1)
		return -1;
	statuslist_merge(sl, &more);
	return 0;
}

static int
parse_value(int c, const char *arg, struct options *o, struct given *g,
    const char **why)
{
	switch (c) {
	case 'a':
		return parse_attempts(arg, o, why);
	case 's':
		g->strategy = g->backoff_opt = c;
		return parse_strategy(arg, o, why);
	case 'b':
		g->backoff_opt = c;
		return duration_parse(arg, &o->backoff.base, why);
	case 'c':
		g->cap = g->backoff_opt = c;
		return duration_parse(arg, &o->backoff.cap, why);
	case 'f':
		g->factor = g->backoff_opt = c;
		return parse_factor(arg, o, why);
	case 'j':
		g->jitter = g->backoff_opt = c;
		return parse_jitter(arg, o, why);
	case 'd':
		g->backoff_opt = c;
		return parse_delays(arg, o, why);
	case 'r':
		o->retry_on_given = 1;
		return parse_list_more(arg, &o->retry_on, why);
	case 'x':
		return parse_list_more(arg, &o->stop_on, why);
	case OPT_SUCCESS_ON:
		/* The first one given replaces the default (0). */
		if (!g->success_on)
			statuslist_clear(&o->success_on);
		g->success_on = 1;
		return parse_list_more(arg, &o->success_on, why);
	case 't':
		return duration_parse(arg, &o->timeout, why);
	case OPT_IDLE_TIMEOUT:
		return duration_parse(arg, &o->idle_timeout, why);
	case OPT_HEDGE:
		o->hedge = 1;
		return duration_parse(arg, &o->hedge_delay, why);
	case OPT_HEDGE_MAX:
		g->hedge_max = 1;
		if (parse_u64(arg, &o->hedge_max) == -1 || o->hedge_max < 2 ||
		    o->hedge_max > HEDGE_MAX_MAX) {
			*why = "expected a whole number from 2 to 100";
			return -1;
		}
		return 0;
	case 'k':
		return duration_parse(arg, &o->kill_after, why);
	case 'D':
		return duration_parse(arg, &o->deadline, why);
	case OPT_SPLAY:
		return duration_parse(arg, &o->splay, why);
	case OPT_SIGNAL:
		o->stop_signal = signame_parse(arg, why);
		return o->stop_signal == -1 ? -1 : 0;
	case OPT_SEED:
		o->seeded = 1;
		if (parse_u64(arg, &o->seed) == -1) {
			*why = "expected a whole number";
			return -1;
		}
		return 0;
	case 'm':
		o->label = arg;
		return 0;
	case OPT_LOG_FORMAT:
		return parse_log_format(arg, o, why);
	case OPT_CI:
	case OPT_METRICS:
	case OPT_METRICS_LABEL:
		return parse_report(c, arg, o, why);
	case OPT_STDIN:
		return parse_stdin(arg, o, why);
	case OPT_ON_RETRY:
		o->on_retry = arg;
		return 0;
	case OPT_ON_GIVE_UP:
		o->on_give_up = arg;
		return 0;
	case OPT_STDOUT:
		return parse_stdout(arg, o, why);
	case OPT_HTTP:
		return parse_http(arg, o, why);
	case OPT_BUDGET:
		return parse_budget_value(c, arg, o, why);
	case OPT_STORE:
	case OPT_BUDGET_BURST:
	case OPT_BUDGET_RATIO:
	case OPT_BUDGET_RATE:
	case OPT_BUDGET_WAIT:
	case OPT_BREAKER:
		g->budget_opt = c;
		return parse_budget_value(c, arg, o, why);
	}
	return 0;
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

#ifdef HAVE_HIREDIS
/*
 * The libraries the store loads when a run first uses it (dynlib.h), and
 * whether this machine has them: a packager's or a user's answer to
 * "why does my redis: budget say it needs a library".
 */
static void
version_loads(FILE *f)
{
	static const char *const sonames[] = {
		LIBHIREDIS_SONAME, LIBCARES_SONAME,
#ifdef HAVE_OPENSSL
		LIBSSL_SONAME,
#endif
	};
	size_t	i;

	fputs("Loads when used:", f);
	for (i = 0; i < sizeof sonames / sizeof sonames[0]; i++)
		fprintf(f, "%s %s%s", i > 0 ? "," : "", sonames[i],
		    dynlib_found(sonames[i]) ? "" : " (not found here)");
	fputs("\n", f);
}
#endif

/*
 * Print the version, the licence, and the optional parts configure built
 * in, so that a copied binary (the static one) says what it can do. The
 * first line stays "retry VERSION": scripts compare it.
 */
void
options_version(FILE *f)
{
	fputs(PACKAGE_NAME " " PACKAGE_VERSION "\n"
"Copyright (c) 2026 The retry authors.\n"
"Licence ISC <https://spdx.org/licenses/ISC.html>: free to use, copy, modify\n"
"and distribute, with or without fee. There is NO WARRANTY.\n", f);
	/* HAVE_HIREDIS means hiredis and c-ares both (configure.ac). */
#if defined(HAVE_HIREDIS) && defined(HAVE_OPENSSL)
	fputs("Built with: file store, redis: store, rediss: (TLS), c-ares\n", f);
#elif defined(HAVE_HIREDIS)
	fputs("Built with: file store, redis: store, c-ares; "
	    "without rediss: (TLS)\n", f);
#else
	fputs("Built without the redis: store (file store only)\n", f);
#endif
#ifdef HAVE_HIREDIS
	version_loads(f);
#endif
}

void
options_help(FILE *f)
{
	fputs(
"Usage: retry [OPTION]... [--] COMMAND [ARG]...\n"
"Run COMMAND; while it fails, wait a growing, jittered delay and run it again.\n"
"Options stop at COMMAND: retry curl -fsS URL needs no '--'.\n"
"\n"
"Attempts and delays:\n"
"  -a, --attempts=N        total runs, the first included; 0, inf or forever:\n"
"                            no limit (alias --times) [5]\n"
"  -s, --strategy=NAME     exponential, constant (fixed), linear, fibonacci,\n"
"                            decorrelated [exponential]\n"
"  -b, --base=DURATION     the first delay [1s]\n"
"  -c, --cap=DURATION      the largest delay ever slept [60s]\n"
"  -f, --factor=X          growth factor of exponential; decorrelated's\n"
"                            multiplier [2; decorrelated 3]\n"
"  -j, --jitter=KIND       none, full, equal, decorrelated, proportional[:R],\n"
"                            normal[:S], or a DURATION to add at most [equal]\n"
"  -d, --delay=LIST        explicit delays (1,2,5s), the last repeated; no\n"
"                            jitter unless --jitter is given\n"
"      --seed=N            seed the random source: same seed, same delays\n"
"      --splay=DURATION    sleep a random [0, DURATION] before the first attempt\n"
"\n"
"Time limits (DURATION 0: no limit):\n"
"  -t, --timeout=DURATION  stop an attempt that runs longer (status 124)\n"
"      --idle-timeout=DURATION  stop an attempt that writes nothing to stdout\n"
"                            or stderr for this long (status 124)\n"
"  -D, --deadline=DURATION overall budget from the start: no attempt or sleep\n"
"                            past it; a running attempt is stopped (alias\n"
"                            --max-time)\n"
"  -k, --kill-after=DURATION  SIGKILL this long after the stop signal [10s]\n"
"      --signal=SIG        the stop signal: name (INT, RTMIN+1) or number [TERM]\n"
"      --foreground        run attempts in retry's own process group, as\n"
"                            timeout --foreground (signals reach only COMMAND)\n"
"\n"
"Which statuses are retried (LIST: 1,2,5-7, success, fail; lists add up):\n"
"  -r, --retry-on=LIST     retry only these (alias --while) [any failure]\n"
"  -x, --stop-on=LIST      never retry these\n"
"      --success-on=LIST   these count as success (alias --until) [0]\n"
"\n"
"Input and output:\n"
"      --stdin=MODE        replay (every attempt reads the same input from its\n"
"                            start), pass (inherited as it is) or null\n"
"                            [replay; pass when stdin is a terminal]\n"
"      --stdout=MODE       stream (live, untouched) or hold (only a successful\n"
"                            attempt's output reaches stdout; a failed one's\n"
"                            goes to stderr) [stream]\n"
"\n"
"Hedging (only for a command that is safe to run twice at once):\n"
"      --hedge=DELAY       start another copy each time the newest has run\n"
"                            DELAY (or at once after a failure) while none\n"
"                            has succeeded; the first success wins, the\n"
"                            others are stopped; output is held per copy\n"
"      --hedge-max=N       at most N copies at once [2]\n"
"\n"
"Conditions on output and hooks (ERE: a POSIX extended regular expression,\n"
"matched against each line of stdout and stderr; options may repeat):\n"
"      --retry-if-output=ERE  retry a failure only if a line matches\n"
"      --stop-if-output=ERE   a failure with a matching line is not retried\n"
"      --fail-if-output=ERE   a success with a matching line is a failure\n"
"      --http[=LIST]       read HTTP status lines and Retry-After in the output:\n"
"                            retry an HTTP error only if in LIST\n"
"                            [408,425,429,500,502,503,504], sleep at least\n"
"                            what Retry-After asks (curl needs -f -D FILE)\n"
"      --on-retry=CMD      run CMD with /bin/sh -c before each retry's sleep\n"
"      --on-give-up=CMD    run CMD with /bin/sh -c once, when retry gives up\n"
"\n"
"Sharing a budget (runs that name the same budget share its tokens):\n"
"      --budget=NAME       a retry takes a token of budget NAME; none left:\n"
"                            wait for one (as long as --deadline and\n"
"                            --budget-wait allow), then give up\n"
"      --store=URL         where budgets live: file:DIR (this host) or\n"
"                            redis[s]://[[USER]:PASSWORD@]HOST[:PORT][/DB]\n"
"                            (a fleet; rediss: TLS; a Redis Cluster too;\n"
"                            password also from $RETRY_STORE_PASSWORD)\n"
"                            [$RETRY_STORE, else file:$XDG_RUNTIME_DIR/retry,\n"
"                            file:/tmp/retry-UID]\n"
"      --budget-burst=N    the most tokens the budget holds [10]\n"
"      --budget-ratio=R    tokens each first attempt adds, 0 to 1 [0.1]\n"
"      --budget-rate=N/DURATION  tokens added as time passes [1/s]\n"
"      --budget-wait=DURATION  the longest wait for a token or for the\n"
"                            circuit; 0: give up at once [no limit but -D]\n"
"      --breaker=K/DURATION  after K failed attempts in a row, no attempt\n"
"                            starts for DURATION, then one probe (status 75:\n"
"                            the circuit was open and none ran)\n"
"\n"
"Messages (on stderr):\n"
"  -m, --message=TEXT      the command's name in messages\n"
"  -q, --quiet             no messages but retry's own errors\n"
"  -v, --verbose           more messages; repeat for more\n"
"      --log-format=FMT    text or json (one object per line) [text]\n"
"\n"
"In CI and cron:\n"
"      --ci=WHEN           auto: in GitHub Actions or GitLab CI, fold each\n"
"                            attempt's output and show a retry as a warning,\n"
"                            a give-up as an error (on stderr only); or off\n"
"                            [auto]\n"
"      --metrics=FILE      at the end of the run, count it in FILE, in the\n"
"                            Prometheus text format (node_exporter's textfile\n"
"                            collector), replaced whole\n"
"      --metrics-label=NAME  the series' command label [the command's name]\n"
"\n"
"  -n, --dry-run           print the delay schedule and exit\n"
"  -h, --help              show this help and exit\n"
"  -V, --version           show the version and exit\n"
"\n"
"DURATION is a number with an optional unit: ns, us, ms, s (default), m, h,\n"
"d; units combine, as in 1m30s.\n"
"\n"
"Exit status:\n"
"  the last attempt's status, when it succeeded or retry gave up\n"
"  75   the circuit of --breaker was open and no attempt ran\n"
"  124  the last attempt was stopped by --timeout, --idle-timeout or\n"
"       --deadline\n"
"  125  retry itself failed (bad usage, bad values, out of resources)\n"
"  126  COMMAND was found but could not be run\n"
"  127  COMMAND was not found\n"
"  128+N  the last attempt died of signal N\n"
"  retry dies of INT, TERM, HUP, QUIT, ALRM, USR1 or USR2 when it receives\n"
"  one (after passing it to the attempt)\n"
"\n"
"See retry(1) for the delay formulas, environment variables and examples.\n"
"Report bugs to <" PACKAGE_BUGREPORT ">;\n"
"home page: <" PACKAGE_URL ">.\n",
	    f);
}
