/* SPDX-License-Identifier: ISC */
/* Command line: the option table, defaults, validation, usage and help. */
#ifndef RETRY_OPTIONS_H
#define RETRY_OPTIONS_H

#include <getopt.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "policy/backoff.h"
#include "policy/budget.h"
#include "policy/cond.h"
#include "policy/http.h"
#include "policy/statuslist.h"
#include "policy/stdio_mode.h"
#include "policy/verdict.h"
#include "report/log.h"

#define DEFAULT_ATTEMPTS 5
#define DEFAULT_BASE_NS 1000000000ULL		/* 1s */
#define DEFAULT_CAP_NS 60000000000ULL		/* 60s */
#define DEFAULT_FACTOR 2.0
#define DEFAULT_DECORRELATED_FACTOR 3.0		/* AWS's decorrelated jitter */
#define DEFAULT_KILL_AFTER_NS 10000000000ULL	/* 10s */
#define DEFAULT_HEDGE_MAX 2ULL		/* gRPC A6's maxAttempts is 2-5 */
#define HEDGE_MAX_MAX 100ULL

struct options {
	uint64_t		 attempts;	/* 0: unlimited */
	struct backoff		 backoff;
	uint64_t		*delays;	/* --delay, owned */

	struct statuslist	 retry_on;
	struct statuslist	 stop_on;
	struct statuslist	 success_on;
	int			 retry_on_given;

	uint64_t		*timeouts;	/* -t's list, owned; attempt n
						   gets the nth, the last
						   repeated; 0: none */
	size_t			 ntimeouts;	/* 0: no -t */
	uint64_t		 idle_timeout;	/* no output for; 0: none */
	uint64_t		 kill_after;	/* 0: never SIGKILL */
	int			 stop_signal;	/* for timeout and deadline */
	uint64_t		 deadline;	/* from start; 0: none */
	uint64_t		 splay;		/* before the first attempt */
	uint64_t		 reset_after;	/* --reset-after; 0: none */
	struct server_wait	 max_server_wait; /* the longest floor asked */
	int			 foreground;
	int			 hedge;		/* --hedge */
	uint64_t		 hedge_delay;	/* --hedge=DELAY */
	uint64_t		 hedge_max;	/* copies alive at once */
	enum stdin_mode		 stdin_mode;
	enum stdout_mode	 stdout_mode;
	enum output_mode	 output_mode;	/* --output */
	struct conditions	 cond;		/* --*-if-output */
	int			 http;		/* --http */
	struct http_list	 http_retry;	/* its LIST */
	uint64_t		 successes;	/* in a row; 0: not given (1) */
	int			 uncounted_given; /* --uncounted */
	int			 uncounted_has_http; /* with an http: element */
	struct statuslist	 uncounted;	/* its exit statuses */
	struct http_list	 uncounted_http; /* its HTTP statuses */
	const char		*on_retry;	/* hooks: /bin/sh -c */
	const char		*on_give_up;
	const char		*on_recover;

	const char		*budget;	/* --budget NAME; NULL: none */
	char			*store;		/* its store's URL, owned */
	struct budget_params	 budget_params;
	uint64_t		 budget_wait;	/* DURATION_MAX: no limit */

	int			 seeded;
	uint64_t		 seed;
	int			 dry_run;
	const char		*label;		/* NULL: the command's name */
	int			 verbosity;	/* -1 quiet, 0, 1 -v, 2 -vv */
	enum log_format		 log_format;
	int			 ci;		/* --ci=auto: 1; off: 0 */
	const char		*metrics;	/* --metrics=FILE; NULL: none */
	const char		*metrics_label;	/* NULL: the command's name */
	const char		*ci_dotenv;	/* --ci-dotenv=FILE; NULL: none */

	char		       **command;	/* NULL-terminated, may be empty */
	int			 ncommand;
};

enum options_result {
	OPTIONS_ERROR = -1,
	OPTIONS_RUN,
	OPTIONS_HELP,
	OPTIONS_VERSION,
};

enum options_result options_parse(struct options *, int, char **, char *,
	    size_t);
void	options_free(struct options *);
void	options_help(FILE *);
void	options_version(FILE *);
size_t	options_ambiguous(const struct option *, const char *, char *,
	    size_t);
const struct option *options_table(void);

#endif
