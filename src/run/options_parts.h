/* SPDX-License-Identifier: ISC */
/*
 * What the parts of the options module share: the ids of the options in
 * the getopt table, and what the command line said, which options_parse
 * (options_parse.c) notes and options_finish (options.c) settles. Not for
 * other modules: they see options.h.
 */
#ifndef RETRY_OPTIONS_PARTS_H
#define RETRY_OPTIONS_PARTS_H

#include <getopt.h>
#include <stddef.h>

struct options;

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
	OPT_ON_RECOVER,
	OPT_CI_DOTENV,
	OPT_SUCCESSES,
	OPT_UNCOUNTED,
	OPT_RESET_AFTER,
	OPT_MAX_SERVER_WAIT,
	OPT_OUTPUT,
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
	int	backoff_opt;	/* a backoff option, --reset-after too
				   (not with --hedge) */
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

extern const char		options_short[];
extern const struct option	options_long[];

void	options_seterr(char *, size_t, const char *, ...)
	    __attribute__((format(printf, 3, 4)));
const char *options_name(int, char *, size_t);
void	options_defaults(struct options *);
int	options_finish(struct options *, const struct given *, char *,
	    size_t);

#endif
