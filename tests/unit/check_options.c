/* SPDX-License-Identifier: ISC */
/*
 * Unit tests of options_parse.c and options.c: options_parse on argument
 * vectors. Defaults, the forms of each option, the defaults that depend on
 * other options (--delay, decorrelated), parsing that stops at the
 * command, and errors that name the option at fault.
 */
#include <check.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>

#include "check_run.h"
#include "policy/backoff.h"
#include "policy/duration.h"
#include "run/options.h"
#include "policy/statuslist.h"

#define MS	1000000ULL
#define S	(1000 * MS)
#define M	(60 * S)

#define nitems(a) (sizeof (a) / sizeof (a)[0])

#define MAXARGS 15

/* The vector passed to options_parse: "retry" and writable copies. */
static char		 argbuf[MAXARGS + 1][64];
static char		*argv_[MAXARGS + 2];
static struct options	 opts;
static char		 err[256];

/* Parse "retry" followed by the NULL-terminated args into opts. */
static enum options_result
parsev(const char *const *args)
{
	int	argc = 0;

	strcpy(argbuf[0], "retry");
	argv_[argc++] = argbuf[0];
	for (; *args != NULL; args++) {
		ck_assert_int_le(argc, MAXARGS);
		ck_assert_uint_lt(strlen(*args), sizeof argbuf[0]);
		strcpy(argbuf[argc], *args);
		argv_[argc] = argbuf[argc];
		argc++;
	}
	argv_[argc] = NULL;
	memset(err, 'X', sizeof err);
	err[sizeof err - 1] = '\0';
	return options_parse(&opts, argc, argv_, err, sizeof err);
}

#define PARSE(...) parsev((const char *const []){ __VA_ARGS__, NULL })

/* Parse and expect OPTIONS_RUN. */
#define PARSE_OK(...) do {						\
	ck_assert_msg(PARSE(__VA_ARGS__) == OPTIONS_RUN,		\
	    "rejected: %s", err);					\
} while (0)

static void
teardown(void)
{
	options_free(&opts);
}

/* How many statuses 0..255 the list holds. */
static int
members(const struct statuslist *sl)
{
	int	status, n = 0;

	for (status = 0; status <= 255; status++)
		n += statuslist_has(sl, status);
	return n;
}

/* Does the list hold exactly the statuses lo..hi? */
static int
holds_only(const struct statuslist *sl, int lo, int hi)
{
	int	status;

	for (status = 0; status <= 255; status++) {
		if (statuslist_has(sl, status) !=
		    (status >= lo && status <= hi))
			return 0;
	}
	return 1;
}

START_TEST(defaults_are_the_documented_ones)
{
	PARSE_OK("true");
	ck_assert_uint_eq(opts.attempts, 5);
	ck_assert_int_eq(opts.backoff.strategy, STRATEGY_EXPONENTIAL);
	ck_assert_int_eq(opts.backoff.jitter, JITTER_EQUAL);
	ck_assert_uint_eq(opts.backoff.base, 1 * S);
	ck_assert_uint_eq(opts.backoff.cap, 60 * S);
	ck_assert_double_eq(opts.backoff.factor, 2.0);
	ck_assert_uint_eq(opts.backoff.ndelays, 0);
	ck_assert(holds_only(&opts.success_on, 0, 0));
	ck_assert(statuslist_empty(&opts.stop_on));
	ck_assert_int_eq(opts.retry_on_given, 0);
	ck_assert_uint_eq(opts.ntimeouts, 0);
	ck_assert_uint_eq(opts.idle_timeout, 0);
	ck_assert_uint_eq(opts.reset_after, 0);
	ck_assert_uint_eq(opts.max_server_wait.most, 6 * 3600 * S);
	ck_assert_int_eq(opts.max_server_wait.give_up, 0);
	ck_assert_int_eq(opts.hedge, 0);
	ck_assert_uint_eq(opts.hedge_max, 2);
	ck_assert_uint_eq(opts.deadline, 0);
	ck_assert_uint_eq(opts.kill_after, 10 * S);
	ck_assert_int_eq(opts.stop_signal, SIGTERM);
	ck_assert_uint_eq(opts.splay, 0);
	ck_assert_int_eq(opts.foreground, 0);
	ck_assert_int_eq(opts.seeded, 0);
	ck_assert_int_eq(opts.dry_run, 0);
	ck_assert_ptr_null(opts.label);
	ck_assert_int_eq(opts.verbosity, 0);
	ck_assert_int_eq(opts.log_format, LOG_TEXT);
	ck_assert_int_eq(opts.ncommand, 1);
	ck_assert_str_eq(opts.command[0], "true");
	ck_assert_ptr_null(opts.command[1]);
}
END_TEST

struct count {
	const char	*args[6];
	uint64_t	 attempts;
};

static const struct count counts[] = {
	{ { "--attempts=2", "true" }, 2 },
	{ { "--attempts", "2", "true" }, 2 },
	{ { "-a2", "true" }, 2 },
	{ { "-a", "2", "true" }, 2 },
	{ { "--times=2", "true" }, 2 },
	{ { "--times", "2", "true" }, 2 },
	{ { "-a", "1", "true" }, 1 },
	{ { "-a", "1000", "true" }, 1000 },
	{ { "-a0", "true" }, 0 },
	{ { "--attempts=inf", "true" }, 0 },
	{ { "-a", "forever", "true" }, 0 },
	{ { "--times=forever", "true" }, 0 },
	{ { "-a", "3", "-a", "4", "true" }, 4 },
};

START_TEST(attempts_take_every_form)
{
	const struct count	*c = &counts[_i];

	ck_assert_msg(parsev(c->args) == OPTIONS_RUN, "%s: %s", c->args[0],
	    err);
	ck_assert_uint_eq(opts.attempts, c->attempts);
	ck_assert_str_eq(opts.command[0], "true");
}
END_TEST

struct name {
	const char	*name;
	enum strategy	 strategy;
};

static const struct name strategies[] = {
	{ "exponential", STRATEGY_EXPONENTIAL },
	{ "constant", STRATEGY_CONSTANT },
	{ "fixed", STRATEGY_CONSTANT },
	{ "linear", STRATEGY_LINEAR },
	{ "fibonacci", STRATEGY_FIBONACCI },
};

START_TEST(strategies_are_known_by_name_and_alias)
{
	const struct name	*n = &strategies[_i];
	char			 opt[64];

	PARSE_OK("-s", n->name, "true");
	ck_assert_int_eq(opts.backoff.strategy, n->strategy);
	/* Only decorrelated changes the jitter and the factor. */
	ck_assert_int_eq(opts.backoff.jitter, JITTER_EQUAL);
	ck_assert_double_eq(opts.backoff.factor, 2.0);
	options_free(&opts);

	snprintf(opt, sizeof opt, "--strategy=%s", n->name);
	PARSE_OK(opt, "true");
	ck_assert_int_eq(opts.backoff.strategy, n->strategy);
}
END_TEST

struct kind {
	const char	*arg;
	enum jitter	 jitter;
	double		 ratio;
	uint64_t	 add;
};

static const struct kind kinds[] = {
	{ "none", JITTER_NONE, 0, 0 },
	{ "full", JITTER_FULL, 0, 0 },
	{ "equal", JITTER_EQUAL, 0, 0 },
	{ "proportional", JITTER_PROPORTIONAL, 0.5, 0 },
	{ "proportional:0.25", JITTER_PROPORTIONAL, 0.25, 0 },
	{ "proportional:1", JITTER_PROPORTIONAL, 1, 0 },
	{ "normal", JITTER_NORMAL, 0.1, 0 },
	{ "normal:0.3", JITTER_NORMAL, 0.3, 0 },
	{ "normal:2", JITTER_NORMAL, 2, 0 },
	{ "250ms", JITTER_ADD, 0, 250 * MS },
	{ "2", JITTER_ADD, 0, 2 * S },
	{ "1m30s", JITTER_ADD, 0, 90 * S },
};

START_TEST(jitter_kinds_are_known_with_their_parameters)
{
	const struct kind	*k = &kinds[_i];

	PARSE_OK("--jitter", k->arg, "true");
	ck_assert_int_eq(opts.backoff.jitter, k->jitter);
	if (k->jitter == JITTER_PROPORTIONAL || k->jitter == JITTER_NORMAL)
		ck_assert_double_eq(opts.backoff.jitter_ratio, k->ratio);
	if (k->jitter == JITTER_ADD)
		ck_assert_uint_eq(opts.backoff.jitter_add, k->add);
	ck_assert_int_eq(opts.backoff.strategy, STRATEGY_EXPONENTIAL);
}
END_TEST

START_TEST(durations_set_base_and_cap)
{
	PARSE_OK("--base=250ms", "-c", "2m", "-f", "1.5", "true");
	ck_assert_uint_eq(opts.backoff.base, 250 * MS);
	ck_assert_uint_eq(opts.backoff.cap, 2 * M);
	ck_assert_double_eq(opts.backoff.factor, 1.5);
	options_free(&opts);

	PARSE_OK("-b", "0", "--cap=0", "true");
	ck_assert_uint_eq(opts.backoff.base, 0);
	ck_assert_uint_eq(opts.backoff.cap, 0);
}
END_TEST

START_TEST(decorrelated_strategy_sets_the_jitter_and_factor_3)
{
	PARSE_OK("--strategy=decorrelated", "true");
	ck_assert_int_eq(opts.backoff.strategy, STRATEGY_DECORRELATED);
	ck_assert_int_eq(opts.backoff.jitter, JITTER_DECORRELATED);
	ck_assert_double_eq(opts.backoff.factor, 3.0);
}
END_TEST

START_TEST(decorrelated_jitter_sets_the_strategy_and_factor_3)
{
	PARSE_OK("-j", "decorrelated", "true");
	ck_assert_int_eq(opts.backoff.strategy, STRATEGY_DECORRELATED);
	ck_assert_int_eq(opts.backoff.jitter, JITTER_DECORRELATED);
	ck_assert_double_eq(opts.backoff.factor, 3.0);
}
END_TEST

START_TEST(a_factor_given_overrides_decorrelated_3_in_any_order)
{
	PARSE_OK("-f", "4", "--strategy=decorrelated", "true");
	ck_assert_double_eq(opts.backoff.factor, 4.0);
	options_free(&opts);

	PARSE_OK("--jitter=decorrelated", "--factor=1.5", "true");
	ck_assert_double_eq(opts.backoff.factor, 1.5);
	options_free(&opts);

	/* Given equal to the usual default, it still counts as given. */
	PARSE_OK("-s", "decorrelated", "-f", "2", "true");
	ck_assert_double_eq(opts.backoff.factor, 2.0);
}
END_TEST

START_TEST(delay_lists_are_used_in_order_without_jitter)
{
	PARSE_OK("-d", "1,2,5s", "true");
	ck_assert_int_eq(opts.backoff.strategy, STRATEGY_LIST);
	ck_assert_int_eq(opts.backoff.jitter, JITTER_NONE);
	ck_assert_uint_eq(opts.backoff.ndelays, 3);
	ck_assert_uint_eq(opts.backoff.delays[0], 1 * S);
	ck_assert_uint_eq(opts.backoff.delays[1], 2 * S);
	ck_assert_uint_eq(opts.backoff.delays[2], 5 * S);
	ck_assert_uint_eq(backoff_ceiling(&opts.backoff, 1), 1 * S);
	ck_assert_uint_eq(backoff_ceiling(&opts.backoff, 4), 5 * S);
	options_free(&opts);

	PARSE_OK("--delay=5", "true");
	ck_assert_uint_eq(opts.backoff.ndelays, 1);
	ck_assert_uint_eq(backoff_ceiling(&opts.backoff, 7), 5 * S);
}
END_TEST

START_TEST(delay_keeps_a_jitter_given_in_any_order)
{
	PARSE_OK("--jitter=equal", "--delay=1", "true");
	ck_assert_int_eq(opts.backoff.jitter, JITTER_EQUAL);
	options_free(&opts);

	PARSE_OK("--delay=1", "-j", "full", "true");
	ck_assert_int_eq(opts.backoff.jitter, JITTER_FULL);
}
END_TEST

START_TEST(delay_is_not_limited_by_the_default_cap)
{
	PARSE_OK("--delay=2m", "true");
	ck_assert_uint_ge(opts.backoff.cap, 2 * M);
	ck_assert_uint_eq(backoff_ceiling(&opts.backoff, 1), 2 * M);
}
END_TEST

START_TEST(delay_is_limited_by_a_cap_given)
{
	PARSE_OK("--delay=2m", "--cap=90s", "true");
	ck_assert_uint_eq(opts.backoff.cap, 90 * S);
	ck_assert_uint_eq(backoff_ceiling(&opts.backoff, 1), 90 * S);
	options_free(&opts);

	/* A cap given equal to the default still limits. */
	PARSE_OK("-c", "60s", "-d", "1s,2m", "true");
	ck_assert_uint_eq(backoff_ceiling(&opts.backoff, 2), 60 * S);
}
END_TEST

/*
 * The cap is lifted so that the list's own delays are slept as given, not
 * so that a jitter kind that ignores the list can grow without bound.
 */
START_TEST(decorrelated_jitter_on_a_delay_list_keeps_the_default_cap)
{
	struct backoff_state	st;
	uint64_t		n, sleep;

	PARSE_OK("--delay=1,2", "--jitter=decorrelated", "true");
	backoff_start(&opts.backoff, &st);
	for (n = 1; n <= 30; n++) {
		sleep = backoff_next(&opts.backoff, &st, n, 1.0 - 0x1.0p-53,
		    0);
		ck_assert_msg(sleep <= 60 * S, "retry %llu sleeps %llu ns",
		    (unsigned long long)n, (unsigned long long)sleep);
	}
}
END_TEST

START_TEST(status_lists_fill_their_option)
{
	PARSE_OK("-r", "1,2", "true");
	ck_assert_int_eq(opts.retry_on_given, 1);
	ck_assert(holds_only(&opts.retry_on, 1, 2));
	options_free(&opts);

	PARSE_OK("--retry-on=5-7", "true");
	ck_assert(holds_only(&opts.retry_on, 5, 7));
	options_free(&opts);

	PARSE_OK("-x", "3-4", "true");
	ck_assert(holds_only(&opts.stop_on, 3, 4));
	ck_assert_int_eq(opts.retry_on_given, 0);
	options_free(&opts);

	PARSE_OK("--stop-on=fail", "true");
	ck_assert(holds_only(&opts.stop_on, 1, 255));
	options_free(&opts);

	PARSE_OK("--success-on=0,3", "true");
	ck_assert_int_eq(members(&opts.success_on), 2);
	ck_assert(statuslist_has(&opts.success_on, 0));
	ck_assert(statuslist_has(&opts.success_on, 3));
}
END_TEST

START_TEST(a_list_option_given_again_adds_up)
{
	PARSE_OK("-x", "1", "-x", "2", "true");
	ck_assert(holds_only(&opts.stop_on, 1, 2));
	options_free(&opts);

	PARSE_OK("--retry-on=3", "-r", "5,4", "true");
	ck_assert(holds_only(&opts.retry_on, 3, 5));
	options_free(&opts);

	/* The first one replaces the default 0; the next ones add to it. */
	PARSE_OK("--success-on=3", "--until=4", "true");
	ck_assert(holds_only(&opts.success_on, 3, 4));
}
END_TEST

START_TEST(while_and_until_are_aliases)
{
	PARSE_OK("--while=fail", "true");
	ck_assert_int_eq(opts.retry_on_given, 1);
	ck_assert(holds_only(&opts.retry_on, 1, 255));
	options_free(&opts);

	PARSE_OK("--until", "success", "true");
	ck_assert(holds_only(&opts.success_on, 0, 0));
	options_free(&opts);

	/* A list given replaces the default success 0. */
	PARSE_OK("--until=2", "true");
	ck_assert(holds_only(&opts.success_on, 2, 2));
}
END_TEST

START_TEST(time_limits_and_the_stop_signal_are_read)
{
	PARSE_OK("-t", "5s", "-D", "1m", "-k", "2s", "--splay=3",
	    "--signal=KILL", "--foreground", "true");
	ck_assert_uint_eq(opts.ntimeouts, 1);
	ck_assert_uint_eq(opts.timeouts[0], 5 * S);
	ck_assert_uint_eq(opts.deadline, 1 * M);
	ck_assert_uint_eq(opts.kill_after, 2 * S);
	ck_assert_uint_eq(opts.splay, 3 * S);
	ck_assert_int_eq(opts.stop_signal, SIGKILL);
	ck_assert_int_eq(opts.foreground, 1);
	options_free(&opts);

	PARSE_OK("--idle-timeout=90s", "true");
	ck_assert_uint_eq(opts.idle_timeout, 90 * S);
	ck_assert_uint_eq(opts.ntimeouts, 0);
	options_free(&opts);

	PARSE_OK("--idle-timeout", "2m", "--idle-timeout=0", "true");
	ck_assert_uint_eq(opts.idle_timeout, 0);
	options_free(&opts);

	PARSE_OK("--timeout=0", "--max-time=30", "--kill-after=0",
	    "--signal=SIGHUP", "true");
	ck_assert_uint_eq(opts.ntimeouts, 1);
	ck_assert_uint_eq(opts.timeouts[0], 0);
	ck_assert_uint_eq(opts.deadline, 30 * S);
	ck_assert_uint_eq(opts.kill_after, 0);
	ck_assert_int_eq(opts.stop_signal, SIGHUP);
	options_free(&opts);

	PARSE_OK("--signal", "9", "true");
	ck_assert_int_eq(opts.stop_signal, 9);
}
END_TEST

/* -t takes a list, one per attempt; the last -t given is the one. */
START_TEST(a_timeout_list_is_read_in_order)
{
	PARSE_OK("-t", "10s,30s,2m", "true");
	ck_assert_uint_eq(opts.ntimeouts, 3);
	ck_assert_uint_eq(opts.timeouts[0], 10 * S);
	ck_assert_uint_eq(opts.timeouts[1], 30 * S);
	ck_assert_uint_eq(opts.timeouts[2], 2 * M);
	options_free(&opts);

	PARSE_OK("-t", "1s,0", "--timeout=200ms,0,1s", "true");
	ck_assert_uint_eq(opts.ntimeouts, 3);
	ck_assert_uint_eq(opts.timeouts[0], 200 * MS);
	ck_assert_uint_eq(opts.timeouts[1], 0);
	ck_assert_uint_eq(opts.timeouts[2], 1 * S);
	options_free(&opts);
}
END_TEST

/* --reset-after and --max-server-wait, with and without a mode. */
START_TEST(long_run_policies_are_read)
{
	PARSE_OK("--reset-after=5m", "--max-server-wait=1h", "true");
	ck_assert_uint_eq(opts.reset_after, 5 * M);
	ck_assert_uint_eq(opts.max_server_wait.most, 60 * M);
	ck_assert_int_eq(opts.max_server_wait.give_up, 0);
	options_free(&opts);

	PARSE_OK("--max-server-wait=30s:give-up", "true");
	ck_assert_uint_eq(opts.max_server_wait.most, 30 * S);
	ck_assert_int_eq(opts.max_server_wait.give_up, 1);
	options_free(&opts);

	PARSE_OK("--max-server-wait=1d:clamp", "--reset-after=0", "true");
	ck_assert_uint_eq(opts.max_server_wait.most, 24 * 60 * M);
	ck_assert_int_eq(opts.max_server_wait.give_up, 0);
	ck_assert_uint_eq(opts.reset_after, 0);
	options_free(&opts);

	PARSE_OK("--max-server-wait=0:give-up", "true");
	ck_assert_uint_eq(opts.max_server_wait.most, 0);
	ck_assert_int_eq(opts.max_server_wait.give_up, 1);
	options_free(&opts);
}
END_TEST

START_TEST(hedge_options_are_read)
{
	PARSE_OK("--hedge=150ms", "true");
	ck_assert_int_eq(opts.hedge, 1);
	ck_assert_uint_eq(opts.hedge_delay, 150 * MS);
	ck_assert_uint_eq(opts.hedge_max, 2);
	options_free(&opts);

	/* 0 starts --hedge-max copies at once; any order. */
	PARSE_OK("--hedge-max", "100", "--hedge=0", "-t", "1s", "true");
	ck_assert_int_eq(opts.hedge, 1);
	ck_assert_uint_eq(opts.hedge_delay, 0);
	ck_assert_uint_eq(opts.hedge_max, 100);
	options_free(&opts);

	/* --stdin=null and replay are fine: each copy gets its own. */
	PARSE_OK("--hedge=1", "--stdin=null", "-a", "0", "true");
	ck_assert_uint_eq(opts.hedge_delay, 1 * S);
	ck_assert_uint_eq(opts.attempts, 0);
}
END_TEST

START_TEST(counting_policies_are_read)
{
	PARSE_OK("true");
	ck_assert_uint_eq(opts.successes, 0);
	ck_assert_int_eq(opts.uncounted_given, 0);
	options_free(&opts);
	PARSE_OK("--successes=3", "true");
	ck_assert_uint_eq(opts.successes, 3);
	options_free(&opts);
	/* A LIST given again adds up, HTTP statuses with --http. */
	PARSE_OK("--uncounted=75", "-D", "1m", "--http",
	    "--uncounted=http:503,3", "true");
	ck_assert_int_eq(opts.uncounted_given, 1);
	ck_assert_int_eq(opts.uncounted_has_http, 1);
	ck_assert(statuslist_has(&opts.uncounted, 75));
	ck_assert(statuslist_has(&opts.uncounted, 3));
	ck_assert(!statuslist_has(&opts.uncounted, 1));
	ck_assert(http_list_has(&opts.uncounted_http, 503));
	ck_assert(!http_list_has(&opts.uncounted_http, 429));
	options_free(&opts);
	/* --budget bounds it too. */
	PARSE_OK("--uncounted=75", "--budget=b", "true");
	ck_assert_int_eq(opts.uncounted_has_http, 0);
	options_free(&opts);
	/* --successes=1 goes with --hedge: one success is the hedge's. */
	PARSE_OK("--successes=1", "--hedge=1s", "true");
	ck_assert_uint_eq(opts.successes, 1);
}
END_TEST

START_TEST(ci_and_metrics_options_are_read)
{
	PARSE_OK("true");
	ck_assert_int_eq(opts.ci, 1);
	ck_assert_ptr_null(opts.metrics);
	ck_assert_ptr_null(opts.metrics_label);
	options_free(&opts);

	PARSE_OK("--ci=off", "--metrics", "/tmp/x.prom", "--metrics-label",
	    "nightly backup", "true");
	ck_assert_int_eq(opts.ci, 0);
	ck_assert_str_eq(opts.metrics, "/tmp/x.prom");
	ck_assert_str_eq(opts.metrics_label, "nightly backup");
	options_free(&opts);

	/* The last --ci wins; a label of UTF-8 is fine. */
	PARSE_OK("--ci=off", "--ci=auto", "--metrics=m",
	    "--metrics-label=caf\xc3\xa9", "true");
	ck_assert_int_eq(opts.ci, 1);
	ck_assert_str_eq(opts.metrics_label, "caf\xc3\xa9");
}
END_TEST

START_TEST(message_options_are_read)
{
	PARSE_OK("-q", "true");
	ck_assert_int_eq(opts.verbosity, -1);
	options_free(&opts);

	PARSE_OK("-v", "true");
	ck_assert_int_eq(opts.verbosity, 1);
	options_free(&opts);

	PARSE_OK("-vv", "true");
	ck_assert_int_eq(opts.verbosity, 2);
	options_free(&opts);

	PARSE_OK("--verbose", "-v", "true");
	ck_assert_int_eq(opts.verbosity, 2);
	options_free(&opts);

	PARSE_OK("-m", "fetch", "--log-format=json", "--seed=42", "true");
	ck_assert_str_eq(opts.label, "fetch");
	ck_assert_int_eq(opts.log_format, LOG_JSON);
	ck_assert_int_eq(opts.seeded, 1);
	ck_assert_uint_eq(opts.seed, 42);
	options_free(&opts);

	PARSE_OK("--seed", "18446744073709551615", "--log-format", "text",
	    "true");
	ck_assert_uint_eq(opts.seed, UINT64_MAX);
	ck_assert_int_eq(opts.log_format, LOG_TEXT);
}
END_TEST

START_TEST(parsing_stops_at_the_first_operand)
{
	PARSE_OK("sh", "-c", "x", "-a", "3");
	ck_assert_uint_eq(opts.attempts, 5);
	ck_assert_int_eq(opts.ncommand, 5);
	ck_assert_str_eq(opts.command[0], "sh");
	ck_assert_str_eq(opts.command[1], "-c");
	ck_assert_str_eq(opts.command[2], "x");
	ck_assert_str_eq(opts.command[3], "-a");
	ck_assert_str_eq(opts.command[4], "3");
	ck_assert_ptr_null(opts.command[5]);
	options_free(&opts);

	PARSE_OK("-a", "2", "true", "-h", "--bogus");
	ck_assert_uint_eq(opts.attempts, 2);
	ck_assert_int_eq(opts.ncommand, 3);
	ck_assert_str_eq(opts.command[1], "-h");
	ck_assert_str_eq(opts.command[2], "--bogus");
}
END_TEST

START_TEST(double_dash_ends_the_options)
{
	PARSE_OK("-a", "3", "--", "-a", "4");
	ck_assert_uint_eq(opts.attempts, 3);
	ck_assert_int_eq(opts.ncommand, 2);
	ck_assert_str_eq(opts.command[0], "-a");
	ck_assert_str_eq(opts.command[1], "4");
	options_free(&opts);

	PARSE_OK("--", "true");
	ck_assert_int_eq(opts.ncommand, 1);
	ck_assert_str_eq(opts.command[0], "true");
}
END_TEST

START_TEST(dry_run_needs_no_command)
{
	PARSE_OK("-n");
	ck_assert_int_eq(opts.dry_run, 1);
	ck_assert_int_eq(opts.ncommand, 0);
	options_free(&opts);

	PARSE_OK("--dry-run", "-a", "3", "true");
	ck_assert_int_eq(opts.dry_run, 1);
	ck_assert_uint_eq(opts.attempts, 3);
	ck_assert_int_eq(opts.ncommand, 1);
}
END_TEST

START_TEST(help_and_version_are_asked_for)
{
	ck_assert_int_eq(PARSE("-h"), OPTIONS_HELP);
	options_free(&opts);
	ck_assert_int_eq(PARSE("--help"), OPTIONS_HELP);
	options_free(&opts);
	ck_assert_int_eq(PARSE("-a", "3", "--help", "true"), OPTIONS_HELP);
	options_free(&opts);
	ck_assert_int_eq(PARSE("-V"), OPTIONS_VERSION);
	options_free(&opts);
	ck_assert_int_eq(PARSE("--version"), OPTIONS_VERSION);
}
END_TEST

START_TEST(a_second_parse_starts_afresh)
{
	PARSE_OK("-a", "3", "--delay=1,2", "-j", "full", "-r", "7", "-qv",
	    "one");
	options_free(&opts);
	PARSE_OK("two");
	ck_assert_uint_eq(opts.attempts, 5);
	ck_assert_int_eq(opts.backoff.strategy, STRATEGY_EXPONENTIAL);
	ck_assert_int_eq(opts.backoff.jitter, JITTER_EQUAL);
	ck_assert_uint_eq(opts.backoff.cap, 60 * S);
	ck_assert_uint_eq(opts.backoff.ndelays, 0);
	ck_assert_int_eq(opts.retry_on_given, 0);
	ck_assert_int_eq(opts.verbosity, 0);
	ck_assert_str_eq(opts.command[0], "two");
	options_free(&opts);

	/* Even after an error in the middle of a cluster of flags. */
	ck_assert_int_eq(PARSE("-qZv", "one"), OPTIONS_ERROR);
	options_free(&opts);
	PARSE_OK("-a", "4", "two");
	ck_assert_uint_eq(opts.attempts, 4);
	ck_assert_int_eq(opts.verbosity, 0);
	ck_assert_str_eq(opts.command[0], "two");
}
END_TEST

/*
 * Usage errors: each returns OPTIONS_ERROR with one line that names what
 * was wrong (the option, or one of its names: an alias or the canonical).
 */
struct usage {
	const char	*args[5];
	const char	*names[2];
};

static const struct usage usages[] = {
	/* Found by tests/fuzz: strtod took a sign and leading blanks. */
	{ { "-f", "+2", "true" }, { "factor" } },
	{ { "-f", " 2", "true" }, { "factor" } },
	{ { "--jitter=proportional: 0.5", "true" }, { "jitter" } },
	{ { "--jitter=normal:+0.1", "true" }, { "jitter" } },
	/* Found by tests/fuzz: stacked repetitions blow up glibc's regcomp. */
	{ { "--retry-if-output=a++++++++++++++++++++++", "true" },
	    { "retry-if-output" } },
	{ { "--stop-if-output=x*{2}", "true" }, { "stop-if-output" } },
	{ { "--attempts=abc", "true" }, { "attempts" } },
	{ { "-a", "-1", "true" }, { "attempts" } },
	{ { "-a", "", "true" }, { "attempts" } },
	{ { "-a", "1.5", "true" }, { "attempts" } },
	{ { "-a", "3x", "true" }, { "attempts" } },
	{ { "-a", "99999999999999999999999", "true" }, { "attempts" } },
	{ { "--times=never", "true" }, { "times", "attempts" } },
	{ { "--strategy=expo", "true" }, { "strategy" } },
	{ { "-s", "", "true" }, { "strategy" } },
	{ { "-s", "random", "true" }, { "strategy" } },
	{ { "--base=5x", "true" }, { "base" } },
	{ { "-b", "-1s", "true" }, { "base" } },
	{ { "--base=", "true" }, { "base" } },
	{ { "--cap=abc", "true" }, { "cap" } },
	{ { "-c", "1..2", "true" }, { "cap" } },
	{ { "--factor=1", "true" }, { "factor" } },
	{ { "-f", "0.5", "true" }, { "factor" } },
	{ { "-f", "-2", "true" }, { "factor" } },
	{ { "-f", "abc", "true" }, { "factor" } },
	{ { "-f", "nan", "true" }, { "factor" } },
	{ { "-f", "inf", "true" }, { "factor" } },
	{ { "-f", "", "true" }, { "factor" } },
	{ { "-f", "2x", "true" }, { "factor" } },
	{ { "--jitter=random", "true" }, { "jitter" } },
	{ { "-j", "", "true" }, { "jitter" } },
	{ { "-j", "5x", "true" }, { "jitter" } },
	{ { "-j", "proportional:0", "true" }, { "jitter" } },
	{ { "-j", "proportional:1.5", "true" }, { "jitter" } },
	{ { "-j", "proportional:-0.5", "true" }, { "jitter" } },
	{ { "-j", "proportional:", "true" }, { "jitter" } },
	{ { "-j", "proportional:abc", "true" }, { "jitter" } },
	{ { "-j", "proportional:nan", "true" }, { "jitter" } },
	{ { "-j", "proportional0.5", "true" }, { "jitter" } },
	{ { "-j", "normal:0", "true" }, { "jitter" } },
	{ { "-j", "normal:-1", "true" }, { "jitter" } },
	{ { "-j", "normal:inf", "true" }, { "jitter" } },
	{ { "-j", "-1s", "true" }, { "jitter" } },
	{ { "--delay=1,,2", "true" }, { "delay" } },
	{ { "--delay=", "true" }, { "delay" } },
	{ { "-d", ",", "true" }, { "delay" } },
	{ { "-d", "1,", "true" }, { "delay" } },
	{ { "-d", ",1", "true" }, { "delay" } },
	{ { "-d", "abc", "true" }, { "delay" } },
	{ { "-d", "1,-2", "true" }, { "delay" } },
	{ { "--retry-on=256", "true" }, { "retry-on" } },
	{ { "--while=abc", "true" }, { "while", "retry-on" } },
	{ { "-x", "1-", "true" }, { "stop-on" } },
	{ { "--success-on=x", "true" }, { "success-on" } },
	{ { "--until=3-1", "true" }, { "until", "success-on" } },
	{ { "--timeout=abc", "true" }, { "timeout" } },
	{ { "-t", "1s,,2s", "true" }, { "timeout", "1s,,2s" } },
	{ { "-t", "1s,x", "true" }, { "timeout", "1s,x" } },
	{ { "-t", "", "true" }, { "timeout" } },
	{ { "-t", "1s,", "true" }, { "timeout" } },
	{ { "-t", "1s,-2s", "true" }, { "timeout" } },
	{ { "--reset-after=abc", "true" }, { "reset-after" } },
	{ { "--reset-after=", "true" }, { "reset-after" } },
	{ { "--reset-after=-1s", "true" }, { "reset-after" } },
	{ { "--hedge=1", "--reset-after=1m", "true" }, { "reset-after" } },
	{ { "--max-server-wait=", "true" }, { "max-server-wait" } },
	{ { "--max-server-wait=x", "true" }, { "max-server-wait" } },
	{ { "--max-server-wait=1h:", "true" }, { "max-server-wait" } },
	{ { "--max-server-wait=1h:wait", "true" }, { "max-server-wait" } },
	{ { "--max-server-wait=:give-up", "true" }, { "max-server-wait" } },
	{ { "--max-server-wait=1h:clamp:give-up", "true" },
	    { "max-server-wait" } },
	{ { "--max-server-wait=-1h", "true" }, { "max-server-wait" } },
	{ { "--idle-timeout=abc", "true" }, { "idle-timeout" } },
	{ { "--idle-timeout=-1s", "true" }, { "idle-timeout" } },
	{ { "--idle-timeout", "true" }, { "idle-timeout" } },
	{ { "--deadline=-1", "true" }, { "deadline" } },
	{ { "--max-time=x", "true" }, { "max-time", "deadline" } },
	{ { "-k", "nan", "true" }, { "kill-after" } },
	{ { "--signal=FOO", "true" }, { "signal" } },
	{ { "--splay=1..2", "true" }, { "splay" } },
	/* A splay that would leave no time before the deadline. */
	{ { "--splay=2s", "-D", "1s", "true" }, { "splay" } },
	{ { "-D", "1s", "--splay=1000ms", "true" }, { "splay" } },
	{ { "--seed=abc", "true" }, { "seed" } },
	{ { "--seed=-1", "true" }, { "seed" } },
	{ { "--log-format=xml", "true" }, { "log-format" } },
	{ { "--hedge=abc", "true" }, { "hedge" } },
	{ { "--hedge=-1", "true" }, { "hedge" } },
	{ { "--hedge", "true" }, { "hedge" } },
	{ { "--hedge=1", "--hedge-max=1", "true" }, { "hedge-max" } },
	{ { "--hedge=1", "--hedge-max=101", "true" }, { "hedge-max" } },
	{ { "--hedge=1", "--hedge-max=x", "true" }, { "hedge-max" } },
	{ { "--hedge=1", "--hedge-max=", "true" }, { "hedge-max" } },
	{ { "--successes=0", "true" }, { "successes" } },
	{ { "--successes=x", "true" }, { "successes" } },
	{ { "--successes=-1", "true" }, { "successes" } },
	{ { "--successes=", "true" }, { "successes" } },
	{ { "--successes=2", "--hedge=1s", "true" }, { "--successes" } },
	{ { "--uncounted=75", "true" }, { "--uncounted" } },
	{ { "--uncounted=75", "-a", "3", "true" }, { "--deadline" } },
	{ { "--uncounted=http:503", "-D", "1s", "true" }, { "--http" } },
	{ { "--uncounted=256", "-D", "1s", "true" }, { "uncounted" } },
	{ { "--uncounted=http:200", "--http", "-D", "1s", "true" },
	    { "uncounted" } },
	{ { "--uncounted=", "-D", "1s", "true" }, { "uncounted" } },
	/* --hedge-max alone, or --hedge with what cannot go with it. */
	{ { "--hedge-max=3", "true" }, { "--hedge" } },
	{ { "--hedge=1", "-s", "constant", "true" }, { "strategy" } },
	{ { "--hedge=1", "--base=2", "true" }, { "base" } },
	{ { "--cap=2", "--hedge=1", "true" }, { "cap" } },
	{ { "--hedge=1", "--factor=3", "true" }, { "factor" } },
	{ { "--hedge=1", "-j", "full", "true" }, { "jitter" } },
	{ { "--delay=1,2", "--hedge=1", "true" }, { "delay" } },
	{ { "--hedge=1", "--stdin=pass", "true" }, { "stdin=pass" } },
	{ { "--ci=maybe", "true" }, { "--ci", "maybe" } },
	{ { "--ci=", "true" }, { "--ci" } },
	{ { "--metrics=", "true" }, { "--metrics" } },
	{ { "--metrics=dir/", "true" }, { "--metrics" } },
	{ { "--metrics=m", "--metrics-label=", "true" }, { "metrics-label" } },
	{ { "--metrics=m", "--metrics-label=a\tb", "true" },
	    { "metrics-label" } },
	{ { "--metrics=m", "--metrics-label=\xff", "true" },
	    { "metrics-label" } },
	/* --metrics-label alone: it labels nothing. */
	{ { "--metrics-label=x", "true" }, { "--metrics=FILE" } },
	/* Unknown options, by the name given. */
	{ { "--bogus", "true" }, { "bogus" } },
	{ { "--bogus=3", "true" }, { "bogus" } },
	{ { "-Z", "true" }, { "Z" } },
	/* A missing argument. */
	{ { "-a" }, { "attempts", "-a" } },
	{ { "--attempts" }, { "attempts" } },
	{ { "--seed" }, { "seed" } },
	{ { "-j" }, { "jitter", "-j" } },
	/* An argument to an option that takes none. */
	{ { "--dry-run=yes", "true" }, { "dry-run" } },
	{ { "--quiet=1", "true" }, { "quiet" } },
	{ { "--foreground=1", "true" }, { "foreground" } },
	/* No command. */
	{ { NULL }, { "command" } },
	{ { "-a", "3" }, { "command" } },
	{ { "--" }, { "command" } },
	{ { "-v", "--", }, { "command" } },
};

START_TEST(usage_errors_name_the_option)
{
	const struct usage	*u = &usages[_i];
	enum options_result	 r;

	r = parsev(u->args);
	ck_assert_msg(r == OPTIONS_ERROR, "%s %s: accepted (%d)",
	    u->args[0] != NULL ? u->args[0] : "", u->args[0] != NULL &&
	    u->args[1] != NULL ? u->args[1] : "", r);
	ck_assert_msg(err[0] != '\0' && strchr(err, 'X') != err,
	    "no message");
	ck_assert_msg(strchr(err, '\n') == NULL, "more than a line: %s", err);
	ck_assert_msg(strstr(err, u->names[0]) != NULL ||
	    (u->names[1] != NULL && strstr(err, u->names[1]) != NULL),
	    "\"%s\" does not name %s", err, u->names[0]);
}
END_TEST

START_TEST(a_missing_command_is_reported_as_such)
{
	ck_assert_int_eq(PARSE("-a", "3"), OPTIONS_ERROR);
	ck_assert_ptr_nonnull(strstr(err, "command"));
}
END_TEST

START_TEST(a_value_forgotten_before_dashes_is_said_missing)
{
	ck_assert_int_eq(PARSE("--hedge", "--", "true"), OPTIONS_ERROR);
	ck_assert_str_eq(err, "--hedge needs a value (a duration such as "
	    "500ms, 30s or 1h30m) before '--'");
	ck_assert_int_eq(PARSE("--seed", "--", "true"), OPTIONS_ERROR);
	ck_assert_str_eq(err, "--seed needs a value before '--'");
	/* With '=', or glued to a short option, "--" is the value meant. */
	PARSE_OK("--message=--", "true");
	ck_assert_str_eq(opts.label, "--");
	options_free(&opts);
	PARSE_OK("-m--", "true");
	ck_assert_str_eq(opts.label, "--");
}
END_TEST

START_TEST(a_bad_duration_names_the_form_and_the_reason)
{
	ck_assert_int_eq(PARSE("-t", "-5", "true"), OPTIONS_ERROR);
	ck_assert_str_eq(err, "invalid value '-5' for -t/--timeout: expected "
	    "a duration such as 500ms, 30s or 1h30m");
	ck_assert_int_eq(PARSE("-D", "1h30", "true"), OPTIONS_ERROR);
	ck_assert_str_eq(err, "invalid value '1h30' for -D/--deadline: "
	    "expected a duration such as 500ms, 30s or 1h30m (a number "
	    "without a unit must stand alone)");
}
END_TEST

/* A table with aliases, as glibc's getopt_long sees them. */
static const struct option abbrev_table[] = {
	{ "alpha",	required_argument,	NULL,	'a' },
	{ "alias",	required_argument,	NULL,	'a' },
	{ "also",	required_argument,	NULL,	'b' },
	{ "alpaca",	required_argument,	NULL,	'a' },
	{ "al",		no_argument,		NULL,	'c' },
	{ "beta",	no_argument,		NULL,	'B' },
	{ "beta-max",	no_argument,		NULL,	'M' },
	{ NULL,		0,			NULL,	0 }
};

static const struct {
	const char	*arg;
	size_t		 count;		/* 0: not ambiguous */
	const char	*list;
} abbrevs[] = {
	/* Aliases of the first match do not count, as in glibc. */
	{ "--alp", 0, "" },
	{ "--alp=1", 0, "" },
	{ "--als", 0, "" },
	{ "--alpha", 0, "" },
	/* An exact name is never ambiguous, even as a prefix of others. */
	{ "--al", 0, "" },
	{ "--beta", 0, "" },
	{ "--beta=1", 0, "" },
	{ "--a", 3, " '--alpha' '--also' '--al'" },
	{ "--a=x=y", 3, " '--alpha' '--also' '--al'" },
	{ "--b", 2, " '--beta' '--beta-max'" },
	{ "--bet", 2, " '--beta' '--beta-max'" },
	{ "--nothing", 0, "" },
	{ "--", 0, "" },
	{ "--=1", 0, "" },
	{ "-a", 0, "" },
};

START_TEST(an_abbreviation_is_ambiguous_as_glibc_judges_it)
{
	char	list[256];
	size_t	n;

	memset(list, 'X', sizeof list);
	n = options_ambiguous(abbrev_table, abbrevs[_i].arg, list,
	    sizeof list);
	ck_assert_msg(n == abbrevs[_i].count, "%s: %zu candidates, not %zu",
	    abbrevs[_i].arg, n, abbrevs[_i].count);
	ck_assert_str_eq(list, abbrevs[_i].list);
}
END_TEST

START_TEST(a_long_list_of_candidates_is_cut_at_a_whole_name)
{
	char	list[20];

	memset(list, 'X', sizeof list);
	/* " '--alpha' '--also'" is 19 bytes: with " ..." it does not fit. */
	ck_assert_uint_eq(options_ambiguous(abbrev_table, "--a", list,
	    sizeof list), 3);
	ck_assert_str_eq(list, " '--alpha' ...");
	memset(list, 'X', sizeof list);
	ck_assert_uint_eq(options_ambiguous(abbrev_table, "--a", list, 5), 3);
	ck_assert_str_eq(list, " ...");
	ck_assert_uint_eq(options_ambiguous(abbrev_table, "--a", list, 0), 3);
}
END_TEST

START_TEST(an_ambiguous_option_lists_the_candidates)
{
	ck_assert_int_eq(PARSE("--s=linear", "true"), OPTIONS_ERROR);
	ck_assert_str_eq(err, "option '--s=linear' is ambiguous; "
	    "possibilities: '--strategy' '--stop-on' '--success-on' "
	    "'--signal' '--splay' '--stdin' '--stdout' '--stop-if-output' "
	    "'--successes' '--store' '--seed'");
	ck_assert_int_eq(PARSE("--s", "true"), OPTIONS_ERROR);
	ck_assert_ptr_nonnull(strstr(err, "option '--s' is ambiguous"));
	ck_assert_int_eq(PARSE("--ti=3", "true"), OPTIONS_ERROR);
	ck_assert_str_eq(err, "option '--ti=3' is ambiguous; possibilities: "
	    "'--times' '--timeout'");
	ck_assert_int_eq(PARSE("--budge=x", "true"), OPTIONS_ERROR);
	ck_assert_ptr_nonnull(strstr(err, "'--budget' '--budget-burst'"));
}
END_TEST

START_TEST(an_exact_name_or_a_unique_prefix_still_works)
{
	PARSE_OK("--strat=linear", "true");
	ck_assert_int_eq(opts.backoff.strategy, STRATEGY_LINEAR);
	PARSE_OK("--stdo=hold", "true");
	ck_assert_int_eq(opts.stdout_mode, STDOUT_HOLD);
	PARSE_OK("--att", "4", "true");
	ck_assert_uint_eq(opts.attempts, 4);
	PARSE_OK("--budget=b", "true");
	ck_assert_str_eq(opts.budget, "b");
	options_free(&opts);	/* the next parse starts afresh */
	PARSE_OK("--q", "true");
	ck_assert_int_eq(opts.verbosity, -1);
}
END_TEST

/*
 * musl's getopt_long counts aliases of one option as two matches, glibc's
 * does not: no prefix of retry's names may hang on that difference, or
 * the two builds would parse it differently.
 */
START_TEST(no_prefix_is_shared_only_by_aliases)
{
	const struct option	*t = options_table(), *p, *q, *first;
	char			 prefix[64], list[512];
	size_t			 n, len, matches;

	for (p = t; p->name != NULL; p++) {
		len = strlen(p->name);
		ck_assert_uint_lt(len + 2, sizeof prefix);
		for (n = 1; n < len; n++) {
			snprintf(prefix, sizeof prefix, "--%.*s", (int)n,
			    p->name);
			matches = 0;
			first = NULL;
			for (q = t; q->name != NULL; q++)
				if (strncmp(q->name, p->name, n) == 0) {
					matches++;
					if (first == NULL)
						first = q;
				}
			if (matches < 2 || options_ambiguous(t, prefix, list,
			    sizeof list) > 0)
				continue;
			/* Not ambiguous with matches: one is exact. */
			for (q = t; q->name != NULL; q++)
				if (strncmp(q->name, p->name, n) == 0 &&
				    q->name[n] == '\0')
					break;
			ck_assert_msg(q->name != NULL, "%s: only aliases "
			    "of --%s match it", prefix, first->name);
		}
	}
}
END_TEST

static Suite *
options_suite(void)
{
	Suite	*s;
	TCase	*tc;

	s = suite_create("options");

	tc = tcase_create("values");
	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_test(tc, defaults_are_the_documented_ones);
	tcase_add_loop_test(tc, attempts_take_every_form, 0, nitems(counts));
	tcase_add_loop_test(tc, strategies_are_known_by_name_and_alias, 0,
	    nitems(strategies));
	tcase_add_loop_test(tc, jitter_kinds_are_known_with_their_parameters,
	    0, nitems(kinds));
	tcase_add_test(tc, durations_set_base_and_cap);
	tcase_add_test(tc, a_timeout_list_is_read_in_order);
	tcase_add_test(tc, long_run_policies_are_read);
	tcase_add_test(tc, hedge_options_are_read);
	tcase_add_test(tc, counting_policies_are_read);
	tcase_add_test(tc, ci_and_metrics_options_are_read);
	tcase_add_test(tc, status_lists_fill_their_option);
	tcase_add_test(tc, a_list_option_given_again_adds_up);
	tcase_add_test(tc, while_and_until_are_aliases);
	tcase_add_test(tc, time_limits_and_the_stop_signal_are_read);
	tcase_add_test(tc, message_options_are_read);
	suite_add_tcase(s, tc);

	tc = tcase_create("dependent defaults");
	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_test(tc, decorrelated_strategy_sets_the_jitter_and_factor_3);
	tcase_add_test(tc, decorrelated_jitter_sets_the_strategy_and_factor_3);
	tcase_add_test(tc,
	    a_factor_given_overrides_decorrelated_3_in_any_order);
	tcase_add_test(tc, delay_lists_are_used_in_order_without_jitter);
	tcase_add_test(tc, delay_keeps_a_jitter_given_in_any_order);
	tcase_add_test(tc, delay_is_not_limited_by_the_default_cap);
	tcase_add_test(tc, delay_is_limited_by_a_cap_given);
	tcase_add_test(tc,
	    decorrelated_jitter_on_a_delay_list_keeps_the_default_cap);
	suite_add_tcase(s, tc);

	tc = tcase_create("command line");
	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_test(tc, parsing_stops_at_the_first_operand);
	tcase_add_test(tc, double_dash_ends_the_options);
	tcase_add_test(tc, dry_run_needs_no_command);
	tcase_add_test(tc, help_and_version_are_asked_for);
	tcase_add_test(tc, a_second_parse_starts_afresh);
	suite_add_tcase(s, tc);

	tc = tcase_create("errors");
	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_loop_test(tc, usage_errors_name_the_option, 0,
	    nitems(usages));
	tcase_add_test(tc, a_missing_command_is_reported_as_such);
	tcase_add_test(tc, a_value_forgotten_before_dashes_is_said_missing);
	tcase_add_test(tc, a_bad_duration_names_the_form_and_the_reason);
	suite_add_tcase(s, tc);

	tc = tcase_create("abbreviations");
	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_loop_test(tc, an_abbreviation_is_ambiguous_as_glibc_judges_it,
	    0, nitems(abbrevs));
	tcase_add_test(tc, a_long_list_of_candidates_is_cut_at_a_whole_name);
	tcase_add_test(tc, an_ambiguous_option_lists_the_candidates);
	tcase_add_test(tc, an_exact_name_or_a_unique_prefix_still_works);
	tcase_add_test(tc, no_prefix_is_shared_only_by_aliases);
	suite_add_tcase(s, tc);

	return s;
}

int
main(void)
{
	return check_run(options_suite());
}
