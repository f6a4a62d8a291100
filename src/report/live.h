/* SPDX-License-Identifier: ISC */
/*
 * The live line: a sleep counts down on a terminal (live.c).
 * Below log.c, beside the sink; it knows nothing of the loop.
 */
#ifndef RETRY_LIVE_H
#define RETRY_LIVE_H

#include <stdint.h>

/* A sleep shorter than this never counts down. */
#define LIVE_MIN_NS 2000000000ULL
/* How much of it may have gone before its count begins. */
#define LIVE_SLACK_NS 100000000ULL
/* A wake at or past this: a wait with no end, whose seconds count up. */
#define LIVE_NO_END ((uint64_t)INT64_MAX)

void	 live_init(int);
void	 live_fresh(int);
int	 live_begin(const char *, const char *, uint64_t, uint64_t);
int	 live_active(void);
uint64_t live_next(uint64_t);
void	 live_tick(uint64_t);
void	 live_end(void);

#endif
