/* SPDX-License-Identifier: ISC */
/*
 * Command line parsing. options_parse() fills a struct options or returns
 * OPTIONS_ERROR with one line of explanation; it never prints or exits, so
 * it can be unit-tested and fuzzed. Only main() reports and exits. The
 * grammar of each value lives in the module it belongs to (duration.c,
 * backoff_parse.c, budget.c...): here, only which option sets what, and
 * the message around a refusal.
 */
#include "config.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "policy/backoff_parse.h"
#include "policy/duration.h"
#include "policy/scan.h"
#include "policy/signame.h"
#include "policy/uncounted.h"
#include "report/metrics.h"
#include "run/options.h"
#include "run/options_parts.h"
#include "store/store_url.h"

#define nitems(a) (sizeof (a) / sizeof (a)[0])

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
 * them, and options_finish() settles the defaults they leave.
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

	if (s == NULL)
		http_list_default(&more);
	else if (http_list_parse(s, &more, why) == -1)
		return -1;
	if (!o->http)
		memset(&o->http_retry, 0, sizeof o->http_retry);
	o->http = 1;
	http_list_merge(&o->http_retry, &more);
	return 0;
}

/*
 * --successes=N (N >= 1) and --uncounted=LIST: exit statuses, and HTTP
 * statuses written http:N (uncounted.c). A LIST given again adds up.
 */
static int
parse_long_run(int c, const char *arg, struct options *o, const char **why)
{
	int	has_http;

	if (c == OPT_SUCCESSES) {
		if (scan_u64(arg, &o->successes) == -1 || o->successes < 1) {
			*why = "expected a whole number, 1 or more";
			return -1;
		}
		return 0;
	}
	if (uncounted_parse(arg, &o->uncounted, &o->uncounted_http,
	    &has_http, why) == -1)
		return -1;
	o->uncounted_given = 1;
	o->uncounted_has_http |= has_http;
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

/*
 * -m, --log-format, --ci, --metrics, --metrics-label and --ci-dotenv:
 * what is said.
 */
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
	case OPT_CI_DOTENV:
		if (*arg == '\0' || arg[strlen(arg) - 1] == '/') {
			*why = "expected the name of a file";
			return -1;
		}
		if (c == OPT_METRICS)
			o->metrics = arg;
		else
			o->ci_dotenv = arg;
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
	case OPT_RESET_AFTER:
		return &o->reset_after;
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

/*
 * -t/--timeout=LIST: one duration, or one per attempt, the last repeated
 * (duration.c's list); the last -t given is the one.
 */
static int
parse_timeouts(const char *arg, struct options *o, const char **why)
{
	uint64_t	*list;
	size_t		 n;

	if (duration_list_parse(arg, &list, &n, why) == -1)
		return -1;
	free(o->timeouts);
	o->timeouts = list;
	o->ntimeouts = n;
	return 0;
}

/* The options of each attempt and of the run as a whole. */
static int
parse_run(int c, const char *arg, struct options *o, const char **why)
{
	uint64_t	*ns;

	switch (c) {
	case 'a':
		return parse_attempts(arg, o, why);
	case 't':
		return parse_timeouts(arg, o, why);
	case OPT_MAX_SERVER_WAIT:
		return verdict_parse_max_wait(arg, &o->max_server_wait, why);
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
	case OPT_OUTPUT:
		return stdio_mode_parse_output(arg, &o->output_mode, why);
	case OPT_HTTP:
		return parse_http(arg, o, why);
	case OPT_ON_RETRY:
		o->on_retry = arg;
		return 0;
	case OPT_ON_GIVE_UP:
		o->on_give_up = arg;
		return 0;
	case OPT_ON_RECOVER:
		o->on_recover = arg;
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
	options_seterr(err, errlen, "invalid value '%s' for %s: %s", arg,
	    options_name(c, name, sizeof name), why);
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
	case OPT_SUCCESSES:
	case OPT_UNCOUNTED:
		return parse_long_run(c, arg, o, why);
	case 'm':
	case OPT_LOG_FORMAT:
	case OPT_CI:
	case OPT_METRICS:
	case OPT_METRICS_LABEL:
	case OPT_CI_DOTENV:
		return parse_report(c, arg, o, why);
	case OPT_BUDGET:
	case OPT_STORE:
	case OPT_BUDGET_BURST:
	case OPT_BUDGET_RATIO:
	case OPT_BUDGET_RATE:
	case OPT_BUDGET_WAIT:
	case OPT_BREAKER:
		return parse_budget(c, arg, o, g, why);
	case OPT_RESET_AFTER:	/* it starts the backoff again */
		g->backoff_opt = c;
		break;
	}
	return parse_run(c, arg, o, why);
}

#define DURATION_FORM "a duration such as 500ms, 30s or 1h30m"
#define MAX_WAIT_FORM "a duration such as 1h, 10m:clamp or 30s:give-up"

/* Whether option c takes a DURATION. */
static int
is_duration(int c)
{
	switch (c) {
	case 'b':
	case 'c':
	case 't':
	case 'k':
	case 'D':
	case OPT_IDLE_TIMEOUT:
	case OPT_RESET_AFTER:
	case OPT_SPLAY:
	case OPT_HEDGE:
	case OPT_BUDGET_WAIT:
		return 1;
	}
	return 0;
}

/*
 * What option c takes, for a message that has to say it: the form of a
 * value, or NULL where the option's own reasons say it already.
 */
static const char *
value_form(int c)
{
	if (is_duration(c))
		return DURATION_FORM;
	switch (c) {
	case 'a':
		return "a number of attempts, or inf";
	case 'd':
		return "a list of durations such as 1s,5s,30s";
	case OPT_MAX_SERVER_WAIT:
		return MAX_WAIT_FORM;
	case 'r':
	case 'x':
	case OPT_SUCCESS_ON:
		return "exit statuses such as 1,3-5";
	case OPT_SUCCESSES:
		return "a number of successes in a row";
	case OPT_UNCOUNTED:
		return "exit statuses such as 75, or http:503 with --http";
	}
	return NULL;
}

/* Say that option c needs a value, and of what form, then what follows. */
static void OUT_OF_LINE
need_value(int c, const char *after, char *err, size_t errlen)
{
	const char	*form = value_form(c);
	char		 name[64];

	options_name(c, name, sizeof name);
	if (form != NULL)
		options_seterr(err, errlen, "%s needs a value (%s)%s", name,
		    form, after);
	else
		options_seterr(err, errlen, "%s needs a value%s", name, after);
}

/*
 * `retry --hedge -- true`: the value was forgotten, and getopt took the
 * "--" for it. Only a "--" that is a word of its own is taken so:
 * --message=-- says it meant it.
 */
static int
missing_value(int c, int argc, char **argv, char *err, size_t errlen)
{
	if (optarg == NULL || optind < 1 || optind > argc ||
	    optarg != argv[optind - 1] || strcmp(optarg, "--") != 0)
		return 0;
	need_value(c, " before '--'", err, errlen);
	return -1;
}

/* Explain an option that getopt_long did not take. */
static void OUT_OF_LINE
getopt_error(int c, int argc, char **argv, char *err, size_t errlen)
{
	const char	*arg = optind > 0 && optind <= argc ? argv[optind - 1] : "";
	char		 name[64], list[400];

	if (c == '?' && optopt == 0 &&
	    options_ambiguous(options_long, arg, list, sizeof list) > 0)
		options_seterr(err, errlen,
		    "option '%s' is ambiguous; possibilities:%s", arg, list);
	else if (c == ':')
		need_value(optopt, "", err, errlen);
	else if (optopt != 0 && strncmp(arg, "--", 2) == 0)
		options_seterr(err, errlen,
		    "option %s does not take a value: '%s'",
		    options_name(optopt, name, sizeof name), arg);
	else if (optopt > 0 && optopt < 128)
		options_seterr(err, errlen, "invalid option -- '%c'", optopt);
	else
		options_seterr(err, errlen, "unrecognized option '%s'", arg);
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
	options_seterr(err, errlen, "option --http takes its list as "
	    "--http=%s; '%s' would be run as the command", argv[optind],
	    argv[optind]);
	return -1;
}

/* Say why option c's value arg is refused. */
static void OUT_OF_LINE
value_error(int c, const char *arg, const char *why, char *err,
    size_t errlen)
{
	const char	*form = c == OPT_MAX_SERVER_WAIT ? MAX_WAIT_FORM :
			    is_duration(c) ? DURATION_FORM : NULL;
	char		 name[64], shown[1024];

	if (c == OPT_STORE)	/* no password in messages */
		store_url_shown(arg, shown, sizeof shown);
	options_name(c, name, sizeof name);
	arg = c == OPT_STORE ? shown : arg != NULL ? arg : "";
	if (form == NULL)
		options_seterr(err, errlen, "invalid value '%s' for %s: %s",
		    arg, name, why);
	else if (strcmp(why, "expected a number") == 0)
		options_seterr(err, errlen, "invalid value '%s' for %s: "
		    "expected %s", arg, name, form);
	else	/* the form, and the reason what was given is not one */
		options_seterr(err, errlen, "invalid value '%s' for %s: "
		    "expected %s (%s)", arg, name, form, why);
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
	options_defaults(o);
	memset(&g, 0, sizeof g);
	opterr = 0;
	optind = 0;	/* start afresh: glibc and musl both take 0 so */
	while ((c = getopt_long(argc, argv, options_short, options_long,
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
		if (missing_value(c, argc, argv, err, errlen) == -1)
			return OPTIONS_ERROR;
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
	if (options_finish(o, &g, err, errlen) == -1)
		return OPTIONS_ERROR;
	if (http_list_as_command(argc, argv, err, errlen) == -1)
		return OPTIONS_ERROR;
	return OPTIONS_RUN;
}
