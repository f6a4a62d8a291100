/* SPDX-License-Identifier: ISC */
/*
 * The proleptic Gregorian calendar in UTC, by arithmetic (calendar.c):
 * a date <-> days since 1970-01-01, seconds since the epoch <-> a
 * broken-down time. One calendar for the times of JSON events (log.c)
 * and the HTTP-dates a server sends (httpdate.c): timegm(3) is not in
 * POSIX, and gmtime_r(3) and mktime(3) read the time zone. Pure.
 */
#ifndef RETRY_CALENDAR_H
#define RETRY_CALENDAR_H

#include <stdint.h>

#define CALENDAR_DAY	86400	/* seconds; POSIX time has no leap second */

/* A broken-down UTC time. */
struct calendar_tm {
	int64_t	year;		/* 0 is 1 BC, as ISO 8601 counts */
	int	mon;		/* 1-12 */
	int	day;		/* 1-31 */
	int	hour;		/* 0-23 */
	int	min;		/* 0-59 */
	int	sec;		/* 0-60, 60 for a leap second */
};

int	calendar_leap(int64_t);
int	calendar_month_days(int64_t, int);
int64_t	calendar_days(int64_t, int, int);
void	calendar_date(int64_t, struct calendar_tm *);
void	calendar_split(int64_t, struct calendar_tm *);
int64_t	calendar_seconds(const struct calendar_tm *);

#endif
