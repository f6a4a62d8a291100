/* SPDX-License-Identifier: ISC */
/*
 * An HTTP-date (RFC 9110 section 5.6.7), as a Retry-After header may
 * give one, to seconds since the epoch (httpdate.c). Pure.
 */
#ifndef RETRY_HTTPDATE_H
#define RETRY_HTTPDATE_H

#include <stddef.h>
#include <time.h>

/* An HTTP-date to UTC seconds since the epoch: 0, or -1. */
int	http_date_parse(const char *, size_t, time_t, time_t *);

#endif
