/* SPDX-License-Identifier: ISC */
/*
 * The delay before retry n: a strategy gives the ceiling d(n), never above
 * the cap; a jitter kind turns it into the sleep. Pure: the caller passes
 * the uniform draws in, so every formula can be tested exactly.
 */
#ifndef RETRY_BACKOFF_H
#define RETRY_BACKOFF_H

#include <stddef.h>
#include <stdint.h>

enum strategy {
	STRATEGY_EXPONENTIAL,
	STRATEGY_CONSTANT,
	STRATEGY_LINEAR,
	STRATEGY_FIBONACCI,
	STRATEGY_DECORRELATED,
	STRATEGY_LIST,		/* --delay */
};

enum jitter {
	JITTER_NONE,
	JITTER_FULL,
	JITTER_EQUAL,
	JITTER_DECORRELATED,
	JITTER_PROPORTIONAL,
	JITTER_NORMAL,
	JITTER_ADD,		/* a DURATION: add uniform [0, J) */
};

/* Proportional and normal jitter's defaults. */
#define JITTER_PROPORTIONAL_DEFAULT 0.5
#define JITTER_NORMAL_DEFAULT 0.1
/* Normal jitter is cut at this many standard deviations. */
#define JITTER_NORMAL_SIGMAS 3.0

struct backoff {
	enum strategy	 strategy;
	enum jitter	 jitter;
	uint64_t	 base;
	uint64_t	 cap;
	double		 factor;
	double		 jitter_ratio;	/* R of proportional, S of normal */
	uint64_t	 jitter_add;	/* J of a DURATION jitter */
	const uint64_t	*delays;	/* STRATEGY_LIST */
	size_t		 ndelays;
};

struct backoff_state {
	uint64_t	prev;		/* the previous sleep (decorrelated) */
};

/* How a sleep came out of the formulas, for -vv. */
struct backoff_parts {
	enum strategy	 strategy;
	enum jitter	 jitter;
	uint64_t	 base;
	uint64_t	 cap;
	uint64_t	 ceiling;	/* d(n); decorrelated: unused */
	uint64_t	 lo;		/* the range the jitter drew in */
	uint64_t	 hi;
	double		 draw;		/* its uniform draw in [0, 1);
					   normal: z, in standard deviations */
	uint64_t	 sleep;
};

void	 backoff_start(const struct backoff *, struct backoff_state *);
int	 backoff_resets(uint64_t, uint64_t);
uint64_t backoff_ceiling(const struct backoff *, uint64_t);
void	 backoff_range(const struct backoff *, const struct backoff_state *,
	    uint64_t, uint64_t *, uint64_t *);
uint64_t backoff_next(const struct backoff *, struct backoff_state *,
	    uint64_t, double, double);
uint64_t backoff_next_parts(const struct backoff *, struct backoff_state *,
	    uint64_t, double, double, struct backoff_parts *);
const char *backoff_jitter_name(enum jitter);
uint64_t backoff_worst(const struct backoff *, struct backoff_state *,
	    uint64_t);

#endif
