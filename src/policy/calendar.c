/* SPDX-License-Identifier: ISC */
/*
 * Dates by arithmetic, after H. Hinnant's "chrono-compatible low-level
 * date algorithms": a year counted from March 1 puts the leap day at
 * its end, so that the days before a month are the same every year, and
 * 400 years (an era) are always 146097 days. Floor division by the era
 * keeps the days before 0000-03-01, and the years before 0, right.
 *
 * Defined for every date whose seconds since the epoch fit in 64 bits;
 * what parses a date (httpdate.c) bounds its year first.
 */
#include "config.h"

#include <stdint.h>

#include "policy/calendar.h"

/* Days from 0000-03-01 to 1970-01-01. */
#define DAYS_TO_EPOCH	719468
#define DAYS_PER_ERA	146097	/* 400 years */

/* a / b rounded down, for b > 0: C's division rounds toward zero. */
static int64_t
floor_div(int64_t a, int64_t b)
{
	return a / b - (a % b < 0);
}

/* Days before month mp of a year that starts on March 1 (March: 0). */
static int64_t
march_days(int64_t mp)
{
	return (153 * mp + 2) / 5;
}

int
calendar_leap(int64_t year)
{
	return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
}

/* Days in month mon (1-12) of year. */
int
calendar_month_days(int64_t year, int mon)
{
	static const int	days[] = {
		31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31
	};

	return mon == 2 && calendar_leap(year) ? 29 : days[mon - 1];
}

/* Days since 1970-01-01 of a date (mon 1-12, day 1-31). */
int64_t
calendar_days(int64_t year, int mon, int day)
{
	int64_t	y, era, yoe, doe;

	y = year - (mon <= 2);	/* January and February end a March-year */
	era = floor_div(y, 400);
	yoe = y - era * 400;
	doe = 365 * yoe + yoe / 4 - yoe / 100 +
	    march_days(mon > 2 ? mon - 3 : mon + 9) + day - 1;
	return era * DAYS_PER_ERA + doe - DAYS_TO_EPOCH;
}

/* The date of a day since 1970-01-01; the time of day is left as it is. */
void
calendar_date(int64_t days, struct calendar_tm *tm)
{
	int64_t	z, era, doe, yoe, doy, mp;

	z = days + DAYS_TO_EPOCH;
	era = floor_div(z, DAYS_PER_ERA);
	doe = z - era * DAYS_PER_ERA;
	/* The era's days less its leap days are 365 a year. */
	yoe = (doe - doe / 1460 + doe / 36524 - doe / (DAYS_PER_ERA - 1)) /
	    365;
	doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
	mp = (5 * doy + 2) / 153;
	tm->day = (int)(doy - march_days(mp) + 1);
	tm->mon = (int)(mp < 10 ? mp + 3 : mp - 9);
	tm->year = era * 400 + yoe + (tm->mon <= 2);
}

/* Seconds since the epoch as a broken-down UTC time. */
void
calendar_split(int64_t secs, struct calendar_tm *tm)
{
	int64_t	days = floor_div(secs, CALENDAR_DAY);
	int64_t	rem = secs - days * CALENDAR_DAY;

	calendar_date(days, tm);
	tm->hour = (int)(rem / 3600);
	tm->min = (int)(rem / 60 % 60);
	tm->sec = (int)(rem % 60);
}

/*
 * A broken-down UTC time as seconds since the epoch; a leap second is
 * the second after it, as POSIX time counts.
 */
int64_t
calendar_seconds(const struct calendar_tm *tm)
{
	return calendar_days(tm->year, tm->mon, tm->day) * CALENDAR_DAY +
	    (int64_t)tm->hour * 3600 + (int64_t)tm->min * 60 + tm->sec;
}
