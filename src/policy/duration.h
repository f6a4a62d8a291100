/* SPDX-License-Identifier: ISC */
/*
 * Durations: "250ms", "1m30s", "1.5" (seconds) <-> nanoseconds; comma
 * separated lists of them, the last repeated.
 */
#ifndef RETRY_DURATION_H
#define RETRY_DURATION_H

#include <stddef.h>
#include <stdint.h>

#define NSEC_PER_SEC 1000000000ULL

/* The largest duration accepted: about 292 years, so sums stay in int64. */
#define DURATION_MAX ((uint64_t)INT64_MAX)

int	duration_parse(const char *, uint64_t *, const char **);
char   *duration_format(uint64_t, char *, size_t);
double	duration_seconds(uint64_t);
int	duration_list_parse(const char *, uint64_t **, size_t *,
	    const char **);
uint64_t duration_list_at(const uint64_t *, size_t, uint64_t);

#endif
