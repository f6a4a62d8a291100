/* SPDX-License-Identifier: ISC */
/*
 * Every message retry prints: text or JSON lines on stderr, by verbosity.
 * At the bottom of the modules: it knows how an attempt ended (outcome.h),
 * why a run ends (ending.h), a budget's states (budget.h) and the words
 * of pushback (pushback.h), and nothing
 * of the loop, the options or the supervisor.
 */
#ifndef RETRY_LOG_H
#define RETRY_LOG_H

#include <stddef.h>
#include <stdint.h>

#include "policy/backoff.h"
#include "policy/budget.h"
#include "policy/ending.h"
#include "policy/outcome.h"
#include "policy/pushback.h"

/* What a sleep counted down on the terminal is for. */
enum log_sleep {
	SLEEP_SPLAY,		/* before the first attempt */
	SLEEP_BACKOFF,		/* before a retry */
	SLEEP_TOKEN,		/* a wait for the budget's token */
	SLEEP_CIRCUIT,		/* a wait for its circuit */
};

enum log_format {
	LOG_TEXT,
	LOG_JSON,
};

/* The streams a child (an attempt, a hook) writes to itself. */
enum log_child {
	LOG_CHILD_PIPED = 0,	/* none: both through retry's pipes */
	LOG_CHILD_STDOUT = 1,	/* retry's stdout */
	LOG_CHILD_STDERR = 2,	/* retry's stderr */
};

/* An attempt as a message tells of it; the caller fills it in. */
struct log_attempt {
	uint64_t		 attempt;	/* from 1; 0: none ran */
	uint64_t		 max_attempts;	/* 0: unlimited */
	uint64_t		 made;		/* started in all; 0: attempt
						   (--hedge: more may have) */
	uint64_t		 counted;	/* --uncounted: its number among
						   those that count; 0: attempt */
	int			 uncounted;	/* it failed and does not count */
	uint64_t		 successes;	/* --successes N; 0: not given */
	uint64_t		 in_a_row;	/* successes in a row with it */
	const struct outcome	*outcome;	/* NULL: not ended */
	int			 status;	/* what it counts as */
	const char		*why;		/* or NULL */
	int			 http_status;	/* --http: 0, none read */
	uint64_t		 retry_after_ns; /* the server asked; 0: none */
	const char		*retry_after_from; /* in which header; NULL or
						      "": Retry-After */
	enum pushback_word	 pushed;	/* the command's word that counted */
	uint64_t		 push_delay_ns;	/* the command asked; 0: none */
	int			 wait_cut;	/* a wait was asked past
						   --max-server-wait */
	uint64_t		 wait_most_ns;	/* wait_cut: that most */
	uint64_t		 reset_ran_ns;	/* --reset-after: it ran this
						   long, and the backoff starts
						   again; 0: it does not */
	uint64_t		 timeout_ns;	/* its --timeout; 0: none */
	uint64_t		 elapsed_ns;
	const struct backoff_parts *parts;	/* -vv: how the backoff's sleep
						   came; NULL: none */
	const char		*budget;	/* --budget NAME, or NULL */
	double			 tokens;	/* its tokens, as last seen */
	enum circuit_state	 circuit;
	uint64_t		 circuit_ns;	/* open for this much more */
};

/* A wait for a budget's token or its circuit, when it ended. */
struct log_wait {
	enum budget_hold reason;	/* the last that held it back */
	uint64_t	 waited_ns;	/* in all */
	uint64_t	 token_ns;	/* of which for a token */
	uint64_t	 circuit_ns;	/* and for the circuit */
	uint64_t	 limit_ns;	/* it might have lasted; DURATION_MAX */
	int		 got;		/* the attempt may start */
};

struct held;

void	log_init(int, enum log_format, const char *, char *const *, int);
void	log_hold(struct held *);
size_t	log_held_header(const struct log_attempt *, int, char *, size_t);
void	log_held_cut(uint64_t, int);
void	log_run(const char *, uint64_t);
void	log_time_format(int64_t, long, char *, size_t);
void	log_usage_error(const char *);
void	log_error(const char *, ...)
	    __attribute__((format(printf, 1, 2)));
void	log_notice(const char *);
void	log_detail(const char *);
void	log_nested(uint64_t, uint64_t);
void	log_ci(int, int);
void	log_child_writes(unsigned);
const char *log_command_name(void);
void	log_fold_begin(const struct log_attempt *);
void	log_fold_end(void);
void	log_start(const struct log_attempt *);
void	log_retry(const struct log_attempt *, uint64_t);
void	log_again(const struct log_attempt *, uint64_t);
void	log_hedge(const struct log_attempt *, uint64_t, uint64_t);
void	log_copy_failed(const struct log_attempt *, uint64_t, uint64_t);
void	log_dropped(uint64_t, uint64_t, int, uint64_t);
void	log_sleep_live(const struct log_attempt *, enum log_sleep, uint64_t,
	    uint64_t);
void	log_success(const struct log_attempt *);
void	log_give_up(const struct log_attempt *, enum run_end);
void	log_exec_failed(const struct log_attempt *, const char *);
void	log_hook(const char *, uint64_t, uint64_t, const struct outcome *);
void	log_budget_wait(const struct log_attempt *, const struct log_wait *);
void	log_interrupted(int, uint64_t);
void	log_last_words(int, uint64_t);

#endif
