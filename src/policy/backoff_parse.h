/* SPDX-License-Identifier: ISC */
/*
 * The grammar of the backoff options: --strategy, --factor, --jitter and
 * --delay's list, into a struct backoff's fields. Each returns 0, or -1
 * with a static reason in *why for the caller's message.
 */
#ifndef RETRY_BACKOFF_PARSE_H
#define RETRY_BACKOFF_PARSE_H

#include <stddef.h>
#include <stdint.h>

#include "policy/backoff.h"

int	backoff_parse_strategy(const char *, enum strategy *, const char **);
int	backoff_parse_factor(const char *, double *, const char **);
int	backoff_parse_jitter(const char *, struct backoff *, const char **);
int	backoff_parse_delays(const char *, uint64_t **, size_t *,
	    const char **);

#endif
